import PacerCore

/// One intervals.icu step, `- Name 5m 88-94% 90rpm`: the words before its length are its name, the
/// length, then its targets; words after them that are no target become its cue.
struct IcuStepLine {
    /// A word of a line and the column it starts at.
    struct Word {
        let text: String
        let column: Int
    }

    /// What the whole file says a step's words mean.
    struct Context {
        /// A run or swim: a bare `400m` is metres.
        let isRunOrSwim: Bool
        let isSwim: Bool
        /// The kind the section gives its steps (warmup, cooldown), nil to tell from the targets.
        let kind: PhaseKind?
        let line: Int
    }

    /// Longer than this, a bare `Nm` is metres in any workout.
    static let longestMinutes = 120.0
    /// In a run or a swim, from this many a bare `Nm` is metres.
    static let fewestMetres = 100.0

    /// The step the words write (one part of a comma list).
    static func step(_ words: [Word], context: Context, notes: inout ImportNotes) throws(WorkoutErrors) -> TimedStep {
        let position = { (word: Word) in SourcePosition(line: context.line, column: word.column) }
        guard let lengthIndex = words.firstIndex(where: { IcuLength($0.text) != nil }), let length = IcuLength(words[lengthIndex].text) else {
            throw importError(position(words[0]), "this step says no length: write a time (10m, 30s, 1h2m30s) or a distance (400mtr, 2km, 1mi) before its targets")
        }
        let name = ImportedValues.label(words[..<lengthIndex].map(\.text).joined(separator: " "))
        var step = TimedStep(kind: .work, duration: nil, name: name.map(PerRound.same))
        switch length {
        case .distance(_, let label):
            step.distance = .same(label)
        case .time(let seconds, let minutesOnly):
            let minutes = seconds / 60
            if minutesOnly, minutes > longestMinutes || context.isRunOrSwim && minutes >= fewestMetres {
                let hours = JSONText.number((minutes / 60 * 100).rounded() / 100)
                let why = context.isRunOrSwim ? "this is a run or a swim" : "as minutes it would be a step of \(hours) hours"
                step.distance = .same(ImportedValues.distance(metres: minutes))
                notes.warn(position(words[lengthIndex]), "\(words[lengthIndex].text) is read as \(JSONText.number(minutes)) metres, not minutes (\(why)): an open step with that distance; write \(JSONText.number(minutes))mtr to say so, or \(hours)h for the time")
            } else {
                if minutesOnly, context.isRunOrSwim {
                    notes.warn(position(words[lengthIndex]), "\(words[lengthIndex].text) is read as \(JSONText.number(minutes)) minutes, as intervals.icu means m; write \(JSONText.number(minutes))mtr for metres")
                }
                guard let duration = try? WorkoutDuration.fromSeconds(seconds) else {
                    throw importError(position(words[lengthIndex]), "\(words[lengthIndex].text) is longer than a step may last (24 hours)")
                }
                step.duration = .same(duration)
            }
        }
        var targets = Targets(context: context, notes: notes)
        let cue = targets.read(Self.joiningRanges(Array(words[(lengthIndex + 1)...])))
        notes = targets.notes
        step.targets = targets.written
        step.cue = ImportedValues.label(cue.joined(separator: " ")).map(PerRound.same)
        step.kind = context.kind ?? Self.kind(of: step)
        return step
    }

    /// `315w - 330w` written with spaces as one word, `315w-330w`.
    private static func joiningRanges(_ words: [Word]) -> [Word] {
        var joined: [Word] = []
        var index = 0
        while index < words.count {
            if words[index].text == "-", let before = joined.last, index + 1 < words.count {
                joined[joined.count - 1] = Word(text: before.text + "-" + words[index + 1].text, column: before.column)
                index += 2
            } else {
                joined.append(words[index])
                index += 1
            }
        }
        return joined
    }

    /// A rest when named a recovery or rest, or when its targets ask for one (below 60 % of FTP,
    /// 80 % of LTHR or of threshold pace, or in zone 1: `Targets.asksForRecovery`); else work.
    private static func kind(of step: TimedStep) -> PhaseKind {
        if let words = step.name?.value(inRound: nil).lowercased().split(separator: " "), words.contains(where: { $0.hasPrefix("recover") || $0 == "rest" }) { return .rest }
        return step.targets.value(inRound: nil).asksForRecovery ? .rest : .work
    }

    /// The targets of a step, read word by word.
    private struct Targets {
        let context: Context
        var notes: ImportNotes
        var written = WrittenTargets()
        private var ramp = false

        init(context: Context, notes: ImportNotes) {
            self.context = context
            self.notes = notes
        }

        /// Reads the targets among `words`; the words that are none.
        mutating func read(_ words: [Word]) -> [String] {
            var rest: [String] = []
            var index = 0
            while index < words.count {
                let word = words[index]
                let lower = word.text.lowercased()
                let next = index + 1 < words.count ? words[index + 1].text.lowercased() : nil
                let qualifier = ["hr", "lthr", "pace", "mmp", "ftp", "w", "rpm", "bpm"].contains(next ?? "") ? next : nil
                let position = SourcePosition(line: context.line, column: word.column)
                if qualifier != nil { index += 1 }
                index += 1
                if lower == "ramp" {
                    ramp = true
                } else if lower == "freeride" || lower == "free" {
                    written.power = .same(.freeRide)
                } else if lower.contains(":") {
                    pace(lower, at: position)
                } else if let zones = Self.values(lower, prefix: "z", unit: "") {
                    zone(zones, qualifier: qualifier, at: position)
                } else if let values = Self.values(lower, prefix: "", unit: "rpm") ?? (qualifier == "rpm" ? Self.values(lower, prefix: "", unit: "") : nil) {
                    written.cadence = ImportedValues.cadence(Self.text(values, unit: " rpm"), at: position, notes: &notes).map(PerRound.same)
                } else if let values = Self.values(lower, prefix: "", unit: "bpm") ?? (qualifier == "bpm" ? Self.values(lower, prefix: "", unit: "") : nil) {
                    written.heartRate = ImportedValues.heartRate(Self.text(values, unit: " bpm"), at: position, notes: &notes).map(PerRound.same)
                } else if let values = Self.values(lower, prefix: "", unit: "w") ?? (qualifier == "w" ? Self.values(lower, prefix: "", unit: "") : nil) {
                    power(values, unit: " W", at: position)
                } else if let values = Self.values(lower, prefix: "", unit: "%") {
                    percent(values, qualifier: qualifier, at: position)
                } else {
                    if qualifier != nil { index -= 1 }
                    rest.append(word.text)
                }
            }
            return rest
        }

        private mutating func percent(_ values: (Double, Double), qualifier: String?, at position: SourcePosition) {
            switch qualifier {
            case "hr": written.heartRate = ImportedValues.heartRate(Self.text(values, unit: "% max"), at: position, notes: &notes).map(PerRound.same)
            case "lthr": written.heartRate = ImportedValues.heartRate(Self.text(values, unit: "% LTHR"), at: position, notes: &notes).map(PerRound.same)
            case "pace":
                unramped("pace", at: position)
                written.pace = ImportedValues.pace(Self.text(values, unit: "%"), at: position, notes: &notes).map(PerRound.same)
            case "mmp": notes.warn(position, "a share of a mean maximal power (MMP) is not a target pacer has: the step has no power target")
            default: power(values, unit: "%", at: position)
            }
        }

        private mutating func power(_ values: (Double, Double), unit: String, at position: SourcePosition) {
            let text = ImportedValues.targetText(start: values.0, end: values.1, unit: unit, range: !ramp)
            written.power = ImportedValues.power(text, at: position, notes: &notes).map(PerRound.same)
        }

        private mutating func zone(_ zones: (Double, Double), qualifier: String?, at position: SourcePosition) {
            if zones.0 != zones.1 {
                notes.warn(position, "a range of zones is not a target pacer has: Z\(JSONText.number(zones.0)) is kept")
            }
            let text = "Z" + JSONText.number(zones.0)
            switch qualifier {
            case "hr", "lthr": written.heartRate = ImportedValues.heartRate(text, at: position, notes: &notes).map(PerRound.same)
            case "pace": written.pace = ImportedValues.pace(text, at: position, notes: &notes).map(PerRound.same)
            default: written.power = ImportedValues.power(text, at: position, notes: &notes).map(PerRound.same)
            }
        }

        /// `5:00/km`, `4:20-4:40/km`, `3:00/100m-4:00/100m`; without a unit, per km (per 100 m in a swim).
        private mutating func pace(_ word: String, at position: SourcePosition) {
            unramped("pace", at: position)
            var unit = word.firstIndex(of: "/").map { String(word[$0...].prefix { $0 != "-" }) } ?? ""
            let clocks = word.split(separator: "-").map { String($0.prefix { $0 != "/" }) }
            if unit.isEmpty {
                unit = context.isSwim ? "/100m" : "/km"
                notes.warn(position, "the pace \(word) says per what in intervals.icu's settings, which pacer does not have: read per \(unit.dropFirst())")
            }
            written.pace = ImportedValues.pace(clocks.joined(separator: "-") + unit, at: position, notes: &notes).map(PerRound.same)
        }

        private mutating func unramped(_ kind: String, at position: SourcePosition) {
            if ramp {
                notes.warn(position, "pacer ramps only power: this \(kind) is a range over the whole step")
                ramp = false
            }
        }

        /// `90`, `88-94`, `88%-94%` (with `prefix` before each number and `unit` after it, either
        /// optional on the first) as the low and high values; nil for any other word.
        private static func values(_ word: String, prefix: String, unit: String) -> (Double, Double)? {
            guard unit.isEmpty || word.hasSuffix(unit) else { return nil }
            let parts = word.split(separator: "-", omittingEmptySubsequences: false).map { part -> Double? in
                var text = Substring(part)
                if !prefix.isEmpty {
                    guard text.hasPrefix(prefix) else { return nil }
                    text = text.dropFirst(prefix.count)
                }
                if !unit.isEmpty, text.hasSuffix(unit) { text = text.dropLast(unit.count) }
                return String(text).decimalValue
            }
            guard (1...2).contains(parts.count), let low = parts[0], let high = parts[parts.count - 1] else { return nil }
            return (low, high)
        }

        private static func text(_ values: (Double, Double), unit: String) -> String {
            ImportedValues.targetText(start: values.0, end: values.1, unit: unit, range: true)
        }
    }
}
