import PacerFoundation
import PacerWorkout

/// Reads an ERG (watts) or MRC (percent of FTP) course file: `[COURSE HEADER]` with its settings,
/// `[COURSE DATA]` rows of minutes and a value, `[COURSE TEXT]` rows of seconds and a message.
/// Between two rows at the same value the course is a step, between different values a ramp; a
/// row at the same minute as the one before (or less than a second after it) is a jump. Adjacent
/// steps at the same value are one step unless a `LAP` row (`LAP`, or GoldenCheetah's `4 LAP`)
/// parts them.
struct CourseFileReader {
    /// Rows closer than this are at the same moment: float noise (4.999999 then 5.00), not a step.
    static let shortestStep = WorkoutDuration(milliseconds: 1000)

    private struct Point {
        let minutes: Double
        let value: Double
        let position: SourcePosition
        /// Whether a LAP row comes just before it.
        let afterLap: Bool
    }

    private enum Section {
        case header, data, text, other
    }

    private var notes = ImportNotes()
    private var percent: Bool
    private var ftp: Double?
    private var name: String?
    private var description: String?
    private var points: [Point] = []
    private var texts: [(seconds: Double, text: String, position: SourcePosition)] = []
    private var lap = false
    private let readsTexts: Bool

    /// Whether a file is a course file of this kind: a `[COURSE HEADER]` or `[COURSE DATA]`, its
    /// columns `MINUTES PERCENT` (MRC) or `MINUTES WATTS` (ERG), else its extension (`.mrc`, or ERG).
    static func looksLikeCourse(_ head: FileHead, percent: Bool) -> Bool {
        guard head.squeezed.contains("[COURSE HEADER]") || head.squeezed.contains("[COURSE DATA]") else { return false }
        if head.squeezed.contains("MINUTES PERCENT") { return percent }
        if head.squeezed.contains("MINUTES WATTS") { return !percent }
        return (head.fileExtension == "mrc") == percent
    }

    static func read(_ bytes: [UInt8], percent: Bool, name fallback: String, texts: ImportedTexts) throws(WorkoutErrors) -> ImportedDraft {
        var reader = CourseFileReader(percent: percent, readsTexts: texts == .kept)
        return try reader.read(bytes, fallback: fallback)
    }

    private init(percent: Bool, readsTexts: Bool) {
        self.percent = percent
        self.readsTexts = readsTexts
    }

    private mutating func read(_ bytes: [UInt8], fallback: String) throws(WorkoutErrors) -> ImportedDraft {
        var section: Section?
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for (index, raw) in bytes[start...].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = String(decoding: raw.last == 0x0D ? raw.dropLast() : raw, as: UTF8.self)
            let number = index + 1
            let trimmed = line.trimmingSpaces()
            if trimmed.isEmpty || trimmed.hasPrefix(";") || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("[") {
                section = Self.section(trimmed, at: SourcePosition(line: number, column: Self.column(of: trimmed, in: line)), notes: &notes)
                continue
            }
            if section == .text, !readsTexts { continue }
            let fields = Self.fields(of: line)
            switch section {
            case nil:
                throw importError(
                    SourcePosition(line: number, column: fields[0].column),
                    "this line comes before any section: a course file starts with [COURSE HEADER] or [COURSE DATA]")
            case .header: readHeader(trimmed, fields: fields, line: number)
            case .data: try readData(fields, line: number)
            case .text: readText(line, fields: fields, line: number)
            case .other: continue
            }
        }
        guard points.count >= 2 else {
            throw importError(
                SourcePosition(line: 1, column: 1),
                points.isEmpty
                    ? "the file has no [COURSE DATA] rows, so no steps to run"
                    : "the [COURSE DATA] has one row: a course needs two, its start and its end")
        }
        var flat = try steps()
        guard !flat.isEmpty else {
            throw importError(points[0].position, "every row of [COURSE DATA] is at the same minute: the course lasts no time")
        }
        let timed = texts.map {
            TimedText(offset: ImportedValues.offset(seconds: $0.seconds), text: $0.text, position: $0.position, steps: 0..<flat.count)
        }
        TimedText.place(timed, in: &flat, notes: &notes)
        // A file pacer exported says it already, in its DESCRIPTION: it is not said twice.
        if let ftp, case let written = "Written for an FTP of \(JSONText.number(ftp)) W.", description?.hasSuffix(written) != true {
            description = (description.map { $0 + "\n\n" } ?? "") + written
        }
        let folded = RepeatFolding.fold(flat)
        return ImportedDraft(
            workout: Workout(name: name ?? fallback, description: description, steps: folded.steps), notes: notes, ftp: ftp,
            sources: SourceMap(steps: folded.sources))
    }

    // MARK: - Lines

    private static func section(_ text: String, at position: SourcePosition, notes: inout ImportNotes) -> Section {
        let words = text.dropFirst().prefix { $0 != "]" }.uppercased().split(separator: " ").joined(separator: " ")
        switch words {
        case "COURSE HEADER": return .header
        case "COURSE DATA": return .data
        case "COURSE TEXT": return .text
        case "END COURSE HEADER", "END COURSE DATA", "END COURSE TEXT": return .other
        default:
            notes.warn(position, "[\(words)] is not a section pacer reads: its lines are dropped")
            return .other
        }
    }

    private mutating func readHeader(_ line: String, fields: [(text: String, column: Int)], line number: Int) {
        guard let equals = line.firstIndex(of: "=") else {
            let words = fields.map { $0.text.uppercased() }
            if words.count == 2, words[0] == "MINUTES" {
                switch words[1] {
                case "WATTS": percent = false
                case "PERCENT": percent = true
                default:
                    notes.warn(
                        SourcePosition(line: number, column: fields[1].column),
                        "the unit \(fields[1].text) is not one pacer reads (WATTS or PERCENT): the values are read as \(percent ? "percent of FTP" : "watts")"
                    )
                }
            }
            return
        }
        let key = line[..<equals].uppercased().split(separator: " ").joined(separator: " ")
        let value = String(line[line.index(after: equals)...]).trimmingSpaces()
        switch key {
        case "FTP": ftp = value.decimalValue.flatMap { $0 > 0 ? $0 : nil }
        case "DESCRIPTION": description = ImportedValues.paragraphs(value)
        case "FILE NAME":
            name = ImportedValues.label(value.hasSuffix(".erg") || value.hasSuffix(".mrc") ? String(value.dropLast(4)) : value)
        default: break
        }
    }

    private mutating func readData(_ fields: [(text: String, column: Int)], line number: Int) throws(WorkoutErrors) {
        if fields[0].text.uppercased() == "LAP"
            || (fields.count == 2 && fields[1].text.uppercased() == "LAP" && fields[0].text.decimalValue != nil)
        {
            lap = true
            return
        }
        guard fields.count >= 2 else {
            throw importError(
                SourcePosition(line: number, column: fields[0].column),
                "a row of [COURSE DATA] is the minutes and the \(percent ? "percent of FTP" : "watts"), such as 5.00 200")
        }
        var values: [Double] = []
        for field in fields.prefix(2) {
            guard let value = field.text.decimalValue, value < 1_000_000 else {
                throw importError(
                    SourcePosition(line: number, column: field.column),
                    "\"\(field.text)\" is not a number: a row of [COURSE DATA] is the minutes and the \(percent ? "percent of FTP" : "watts"), such as 5.00 200"
                )
            }
            values.append(value)
        }
        points.append(
            Point(minutes: values[0], value: values[1], position: SourcePosition(line: number, column: fields[0].column), afterLap: lap))
        lap = false
    }

    private mutating func readText(_ line: String, fields: [(text: String, column: Int)], line number: Int) {
        let position = SourcePosition(line: number, column: fields[0].column)
        let parts = line.trimmingSpaces().split(separator: "\t", omittingEmptySubsequences: true)
        let message = parts.count >= 2 ? String(parts[1]) : String(line.trimmingSpaces().dropFirst(fields[0].text.count))
        guard let seconds = fields[0].text.decimalValue, let text = ImportedValues.label(message) else {
            notes.warn(position, "a row of [COURSE TEXT] is the seconds from the start and the text, such as 60<tab>Go: dropped")
            return
        }
        texts.append((seconds, text, position))
    }

    /// The words of a line split at spaces and tabs, each with its column (the first, for a blank line, at column 1).
    private static func fields(of line: String) -> [(text: String, column: Int)] {
        var fields: [(text: String, column: Int)] = []
        var current = ""
        var start = 1
        for (index, character) in line.enumerated() {
            if character == " " || character == "\t" {
                if !current.isEmpty { fields.append((current, start)) }
                current = ""
            } else {
                if current.isEmpty { start = index + 1 }
                current.append(character)
            }
        }
        if !current.isEmpty { fields.append((current, start)) }
        return fields.isEmpty ? [("", 1)] : fields
    }

    private static func column(of text: String, in line: String) -> Int {
        line.prefix { $0 == " " || $0 == "\t" }.count + 1
    }

    // MARK: - Steps

    /// The course between each two rows: a step where the value holds, a ramp where it changes.
    /// Steps are counted before they are built, and none is built past the plan's limit.
    private mutating func steps() throws(WorkoutErrors) -> [FlatStep] {
        var flat: [FlatStep] = []
        var phases = PhaseCount()
        var lastValue: Double?
        for (before, point) in zip(points, points.dropFirst()) {
            guard point.minutes >= before.minutes else {
                throw importError(
                    point.position,
                    "the course goes back in time, from minute \(JSONText.number(before.minutes)) to \(JSONText.number(point.minutes)): the minutes of [COURSE DATA] only grow"
                )
            }
            let seconds = (point.minutes - before.minutes) * 60
            let length: WorkoutDuration
            do {
                length = try WorkoutDuration.fromSeconds(seconds)
            } catch .notPositive {
                continue
            } catch {
                throw importError(
                    point.position,
                    "from minute \(JSONText.number(before.minutes)) to \(JSONText.number(point.minutes)) \(ImportedValues.lengthProblem(seconds: seconds, error))"
                )
            }
            if length < Self.shortestStep {
                notes.warn(
                    point.position,
                    "from minute \(JSONText.number(before.minutes)) to \(JSONText.number(point.minutes)) is \(length.spoken), less than a second: read as a jump from one value to the next"
                )
                continue
            }
            if before.value == point.value, lastValue == point.value, !before.afterLap, let last = flat.last?.length {
                flat[flat.count - 1].step.duration = .same(last + length)
                continue
            }
            lastValue = before.value == point.value ? point.value : nil
            guard phases.add(1) else { continue }
            let text = ImportedValues.targetText(start: before.value, end: point.value, unit: percent ? "%" : " W", range: false)
            let power = ImportedValues.target(text, at: before.position, notes: &notes, kind: "power") { () throws(TargetError) in
                try percent
                    ? PowerTarget(ftpPercentFrom: before.value, to: point.value) : PowerTarget(wattsFrom: before.value, to: point.value)
            }
            flat.append(
                FlatStep(
                    step: TimedStep(
                        kind: kind(from: before.value, to: point.value, first: flat.isEmpty, last: point.position == points.last?.position),
                        duration: .same(length), targets: WrittenTargets(power: power.map(PerRound.same))),
                    position: before.position))
        }
        try phases.check(at: points[0].position, "the [COURSE DATA]")
        return flat
    }

    /// A ramp up at the start is a warm-up, a ramp down at the end a cool-down; a step below 60 % of
    /// FTP (when the file says what FTP is, or is in percent) a rest; the rest is work.
    private func kind(from start: Double, to end: Double, first: Bool, last: Bool) -> PhaseKind {
        if start < end, first { return .warmup }
        if start > end, last { return .cooldown }
        guard start == end, let share = percent ? start : ftp.map({ start / $0 * 100 }) else { return .work }
        return share < ImportedValues.restBelowPercent ? .rest : .work
    }
}
