import PacerFoundation
import PacerWorkout

/// Reads an intervals.icu workout written as text: section lines (`Main set 4x`, or `4x` alone,
/// repeating the steps under them up to a blank line), `- ` steps (`- 3x 30s 120%, 30s 50%`
/// repeats a comma list), and a `Sport: Run` line. A section's name names its repeat, or its steps;
/// lines that head no step are the description.
struct IcuTextReader {
    /// The most rounds a repeat may have.
    static let maximumRepeat = 1000

    private struct Section {
        let name: String?
        let count: Int?
        let position: SourcePosition
        var steps: [Step] = []
        var sources: [StepSource] = []
        /// Whether a step came under it.
        var headed = false
    }

    private var notes = ImportNotes()
    private var isRunOrSwim = false
    private var isSwim = false
    private var description: [String] = []
    private var section: Section?
    private var flat: [FlatStep] = []
    private var steps: [Step] = []
    /// Where each of `steps` was read from.
    private var sources: [StepSource] = []
    /// The phases the steps read so far expand to.
    private var phases: Int64 = 0

    static func read(_ bytes: [UInt8], name fallback: String) throws(WorkoutErrors) -> ImportedDraft {
        var reader = IcuTextReader()
        return try reader.read(bytes, fallback: fallback)
    }

    /// The lines of a file, without a byte order mark and CRs, each with its number.
    static func lines(of bytes: [UInt8]) -> [(number: Int, text: String)] {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes[start...].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated().map { index, raw in
            (index + 1, String(decoding: raw.last == 0x0D ? raw.dropLast() : raw, as: UTF8.self))
        }
    }

    /// Whether a file is plainly intervals.icu text: not JSON, XML or a course file, at least one
    /// line starting with `- `, and a length (`10m`, `30s`, `2km`) on every such line.
    static func looksLikeIcu(_ bytes: [UInt8]) -> Bool {
        var steps = 0
        for line in lines(of: bytes.count > 65_536 ? Array(bytes.prefix(65_536)) : bytes) {
            let trimmed = line.text.trimmingSpaces()
            if steps == 0, let first = trimmed.first, "{[<".contains(first) { return false }
            guard trimmed.hasPrefix("- ") else { continue }
            guard words(trimmed).contains(where: { IcuLength($0.text) != nil }) else { return false }
            steps += 1
        }
        return steps > 0
    }

    /// The sport a `Sport: Run` (or `Type: Swim`) line names, lowercased; nil for any other line.
    static func sport(of line: String) -> String? {
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, ["sport", "type"].contains(String(parts[0]).trimmingSpaces().lowercased()) else { return nil }
        return String(parts[1]).trimmingSpaces().lowercased()
    }

    /// The count of a repeat word, `4x`; nil for any other word.
    static func repeatCount(_ word: String) -> Int?? {
        guard word.count >= 2, word.last == "x" || word.last == "X" else { return nil }
        let digits = word.dropLast()
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return .some(Int(digits).flatMap { (1...maximumRepeat).contains($0) ? $0 : nil })
    }

    private mutating func read(_ bytes: [UInt8], fallback: String) throws(WorkoutErrors) -> ImportedDraft {
        let lines = Self.lines(of: bytes)
        for line in lines {
            if let sport = Self.sport(of: line.text) {
                isSwim = sport.hasPrefix("swim")
                isRunOrSwim = isSwim || sport.hasPrefix("run")
            } else if line.text.trimmingSpaces().hasPrefix("-"), Self.words(line.text).contains(where: { $0.text.lowercased() == "pace" }) {
                isRunOrSwim = true
            }
        }
        for line in lines {
            try read(line: line.text, number: line.number)
        }
        closeSection(atBlank: false)
        foldFlat()
        guard !steps.isEmpty else {
            throw importError(
                SourcePosition(line: 1, column: 1),
                "the file has no steps: intervals.icu writes each as a line starting with \"- \", such as - 10m 60%")
        }
        let text = ImportedValues.paragraphs(description.joined(separator: "\n"))
        return ImportedDraft(
            workout: Workout(name: fallback, description: text, tags: isSwim ? ["swim"] : isRunOrSwim ? ["run"] : [], steps: steps),
            notes: notes, sources: SourceMap(steps: sources))
    }

    private mutating func read(line text: String, number: Int) throws(WorkoutErrors) {
        let trimmed = text.trimmingSpaces()
        if trimmed.isEmpty {
            closeSection(atBlank: true)
            return
        }
        if Self.sport(of: text) != nil { return }
        let column = text.prefix { $0 == " " || $0 == "\t" }.count + 1
        if trimmed.hasPrefix("-") {
            let words = Self.words(String(text.dropFirst(column)), from: column + 1)
            guard !words.isEmpty else {
                throw importError(SourcePosition(line: number, column: column), "this step is empty: write it as - 10m 60%")
            }
            try add(step: words, line: number)
            return
        }
        closeSection(atBlank: false)
        var name = text
        var count: Int?
        if let last = Self.words(text).last, let written = Self.repeatCount(last.text) {
            guard let written else {
                throw importError(
                    SourcePosition(line: number, column: last.column),
                    "\(last.text) is not a number of rounds from 1 to \(Self.maximumRepeat)")
            }
            count = written
            // The name is the line before the count, commas and all.
            name = String(text.prefix(last.column - 1))
        }
        section = Section(name: ImportedValues.label(name), count: count, position: SourcePosition(line: number, column: column))
    }

    /// A step line: one step, a comma list of them, or `3x` and a comma list repeated. A comma
    /// ends a step only once it has its length, so a prompt may hold one; before `<!>` every word
    /// is the prompt, a leading `4x` among them.
    private mutating func add(step words: [IcuStepLine.Word], line: Int) throws(WorkoutErrors) {
        var words = words
        var count: Int?
        if !words.contains(where: { $0.text == IcuStepLine.promptEnd }), let written = Self.repeatCount(words[0].text) {
            guard let written else {
                throw importError(
                    SourcePosition(line: line, column: words[0].column),
                    "\(words[0].text) is not a number of rounds from 1 to \(Self.maximumRepeat)")
            }
            count = written
            words.removeFirst()
        }
        let kind = section.flatMap { $0.name.flatMap(Self.kind(ofSection:)) }
        let context = IcuStepLine.Context(isRunOrSwim: isRunOrSwim, isSwim: isSwim, kind: kind, line: line)
        var parts: [TimedStep] = []
        for part in Self.parts(words) {
            for var step in try IcuStepLine.steps(part, context: context, notes: &notes) {
                if step.name == nil, let name = section?.name, section?.count == nil { step.name = .same(name) }
                parts.append(step)
            }
        }
        guard !parts.isEmpty else {
            throw importError(SourcePosition(line: line, column: words.first?.column ?? 1), "this step is empty: write it as - 10m 60%")
        }
        let position = SourcePosition(line: line, column: words[0].column)
        try countPhases(Int64(parts.count) * Int64(count ?? 1) * Int64(section?.count ?? 1), at: position)
        if let count {
            append(.repeated(RepeatStep(count: count, steps: parts.map(Step.timed))), position: position)
        } else {
            for part in parts { append(.timed(part), position: position) }
        }
    }

    /// The parts of a comma list, each up to the comma after its length.
    private static func parts(_ words: [IcuStepLine.Word]) -> [[IcuStepLine.Word]] {
        var parts: [[IcuStepLine.Word]] = [[]]
        var hasLength = false
        var inPrompt = words.contains { $0.text == IcuStepLine.promptEnd }
        for word in words {
            if word.text == ",", hasLength {
                parts.append([])
                hasLength = false
                inPrompt = false
                continue
            }
            if word.text == IcuStepLine.promptEnd { inPrompt = false }
            if !inPrompt, IcuLength(word.text) != nil { hasLength = true }
            if word.text != "," || !parts[parts.count - 1].isEmpty { parts[parts.count - 1].append(word) }
        }
        return parts.filter { !$0.isEmpty }
    }

    /// Counts the phases the steps read so far expand to, and refuses the file once they pass the
    /// plan's limit, before any more is read: a file cannot make more than that many.
    private mutating func countPhases(_ added: Int64, at position: SourcePosition) throws(WorkoutErrors) {
        phases += added
        guard phases <= Int64(Plan.maximumPhases) else {
            throw importError(
                position,
                "the workout expands to more than \(Plan.maximumPhases) phases by this line (\(phases)), the limit of a workout: lower a repeat count"
            )
        }
    }

    private mutating func append(_ step: Step, position: SourcePosition) {
        section?.headed = true
        if section?.count != nil {
            section?.steps.append(step)
            section?.sources.append(StepSource(.position(position)))
        } else if case .timed(let timed) = step {
            flat.append(FlatStep(step: timed, position: position))
        } else {
            foldFlat()
            steps.append(step)
            sources.append(StepSource(.position(position)))
        }
    }

    /// Ends a section: a repeat of its steps, or (when no step came under it) its name into the
    /// description. A blank line before a section's first step does not end it.
    private mutating func closeSection(atBlank: Bool) {
        guard let section else { return }
        if !section.headed {
            // A blank line after `Main set 4x` may come before its steps; after any other line
            // (a title) it ends the line, which becomes the description, never every step's name.
            if atBlank, section.count != nil { return }
            if let name = section.name { description.append(name) }
            if section.count != nil { notes.warn(section.position, "this repeat has no steps under it: dropped") }
        } else if let count = section.count {
            foldFlat()
            steps.append(.repeated(RepeatStep(count: count, steps: section.steps, name: section.name)))
            sources.append(StepSource(.position(section.position), inner: section.sources))
        }
        self.section = nil
    }

    private mutating func foldFlat() {
        let folded = RepeatFolding.fold(flat)
        steps += folded.steps
        sources += folded.sources
        flat = []
    }

    /// The kind a section's name gives its steps: a warm-up or a cool-down; nil for any other name.
    static func kind(ofSection name: String) -> PhaseKind? {
        let squeezed = name.lowercased().filter { $0.isLetter }
        if squeezed.hasPrefix("warm") { return .warmup }
        if squeezed.hasPrefix("cool") || squeezed.hasPrefix("warmdown") { return .cooldown }
        return nil
    }

    /// The words of a line, split at spaces and tabs, each comma a word of its own.
    static func words(_ line: String, from first: Int = 1) -> [IcuStepLine.Word] {
        var words: [IcuStepLine.Word] = []
        var current = ""
        var start = first
        for (offset, character) in line.enumerated() {
            let column = first + offset
            if character == " " || character == "\t" || character == "," {
                if !current.isEmpty { words.append(IcuStepLine.Word(text: current, column: start)) }
                current = ""
                if character == "," { words.append(IcuStepLine.Word(text: ",", column: column)) }
            } else {
                if current.isEmpty { start = column }
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(IcuStepLine.Word(text: current, column: start)) }
        return words
    }
}
