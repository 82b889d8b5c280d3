import PacerFoundation
import PacerWorkout

/// One intervals.icu step, `- Name 33^Text <!> 5m 88-94% 90rpm press lap`: the words before its
/// length (or before `<!>`) are its prompt (`IcuPrompt`), then the length, then its targets; words
/// after them that are no target become its cue, and each that looks like one but is not is warned.
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

    /// The word that ends a step's prompt, so that what comes before it is text whatever it looks like.
    static let promptEnd = "<!>"

    /// The steps the words write (one part of a comma list): the step, and a rest after it when
    /// the line says one (`200m 95% pace 30s rest`).
    static func steps(_ words: [Word], context: Context, notes: inout ImportNotes) throws(WorkoutErrors) -> [TimedStep] {
        let position = { (word: Word) in SourcePosition(line: context.line, column: word.column) }
        let promptEnd = words.firstIndex { $0.text == Self.promptEnd }
        let searchFrom = promptEnd.map { $0 + 1 } ?? 0
        guard let lengthIndex = words[searchFrom...].firstIndex(where: { IcuLength($0.text) != nil }),
            let length = IcuLength(words[lengthIndex].text)
        else {
            throw importError(
                position(words[0]),
                "this step says no length: write a time (10m, 30s, 1h2m30s) or a distance (400mtr, 2km, 1mi) before its targets")
        }
        let prompt = IcuPrompt(words[..<lengthIndex].filter { $0.text != Self.promptEnd }, line: context.line, notes: &notes)
        var step = TimedStep(kind: .work, duration: nil, name: prompt.name.map(PerRound.same))
        step.cues = prompt.cues
        switch length {
        case .distance(_, let label):
            step.distance = .same(label)
        case .time(let seconds, let minutesOnly):
            let minutes = seconds / 60
            if minutesOnly, minutes > longestMinutes || context.isRunOrSwim && minutes >= fewestMetres {
                let hours = JSONText.number((minutes / 60 * 100).rounded() / 100)
                let why = context.isRunOrSwim ? "this is a run or a swim" : "as minutes it would be a step of \(hours) hours"
                step.distance = .same(ImportedValues.distance(metres: minutes))
                notes.warn(
                    position(words[lengthIndex]),
                    "\(words[lengthIndex].text) is read as \(JSONText.number(minutes)) metres, not minutes (\(why)): an open step with that distance; write \(JSONText.number(minutes))mtr to say so, or \(hours)h for the time"
                )
            } else {
                if minutesOnly, context.isRunOrSwim {
                    notes.warn(
                        position(words[lengthIndex]),
                        "\(words[lengthIndex].text) is read as \(ImportedValues.counted(minutes, "minute")), as intervals.icu means m; write \(JSONText.number(minutes))mtr for metres"
                    )
                }
                step.duration = .same(try duration(seconds, of: words[lengthIndex], at: position(words[lengthIndex])))
            }
        }
        var targets = Targets(context: context, notes: notes)
        let after = targets.read(Self.joiningRanges(Array(words[(lengthIndex + 1)...])))
        notes = targets.notes
        step.targets = targets.written
        let cue = (prompt.cue.map { [$0] } ?? []) + after.cue
        step.cue = ImportedValues.label(cue.joined(separator: " ")).map(PerRound.same)
        if after.pressLap, let duration = step.duration?.value(inRound: nil) {
            // intervals.icu's "press lap": the step lasts until the lap key; its time is the one to beat.
            step.duration = nil
            step.target = duration
        }
        step.kind = context.kind ?? Self.kind(of: step)
        guard let rest = after.rest else { return [step] }
        var restStep = TimedStep(kind: .rest, duration: .same(try duration(rest.seconds, of: rest.word, at: position(rest.word))))
        restStep.kind = context.kind ?? .rest
        return [step, restStep]
    }

    /// A time as a step's duration, or the error saying it is too long or too short.
    private static func duration(_ seconds: Double, of word: Word, at position: SourcePosition) throws(WorkoutErrors) -> WorkoutDuration {
        do {
            return try WorkoutDuration.fromSeconds(seconds)
        } catch {
            throw importError(position, "\(word.text) \(ImportedValues.lengthProblem(seconds: seconds, error))")
        }
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
    static func kind(of step: TimedStep) -> PhaseKind {
        if let words = step.name?.value(inRound: nil).lowercased().split(separator: " "),
            words.contains(where: { $0.hasPrefix("recover") || $0 == "rest" })
        {
            return .rest
        }
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

        /// What the words after a step's targets say besides them.
        struct After {
            /// Words that are no target, kept as the step's cue.
            var cue: [String] = []
            /// `press lap`: the step lasts until the lap key.
            var pressLap = false
            /// `30s rest`: a rest after the step.
            var rest: (seconds: Double, word: Word)?
        }

        /// Reads the targets among `words`, and what else they say; each word that is neither
        /// a target nor plain text is warned about at its column.
        mutating func read(_ words: [Word]) -> After {
            var after = After()
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
                } else if lower == "press", next == "lap" {
                    after.pressLap = true
                    index += 1
                } else if let rpe = Self.rpe(words, at: index - 1) {
                    after.cue.append(rpe.text)
                    index = rpe.next
                } else if case .time(let seconds, _)? = IcuLength(lower), let next, ["rest", "recovery", "recover", "easy"].contains(next) {
                    notes.warn(
                        position,
                        "\(word.text) \(next) is read as a rest step of \(word.text) after this one (intervals.icu would write it as a step of its own)"
                    )
                    after.rest = (seconds, word)
                    index += 1
                } else if lower.contains(":") {
                    pace(lower, at: position)
                } else if lower.hasPrefix("cz") {
                    notes.warn(
                        position,
                        "\(word.text) is one of the custom zones set in intervals.icu, which pacer does not have: the step keeps no target from it"
                    )
                } else if let zones = Self.values(lower, prefix: "z", unit: "") {
                    zone(zones, qualifier: qualifier, at: position)
                } else if let values = Self.values(lower, prefix: "", unit: "rpm")
                    ?? (qualifier == "rpm" ? Self.values(lower, prefix: "", unit: "") : nil)
                {
                    written.cadence = target(values, unit: " rpm", kind: "cadence", at: position) { range throws(TargetError) in
                        try CadenceTarget(rpm: range)
                    }
                } else if let values = Self.values(lower, prefix: "", unit: "bpm")
                    ?? (qualifier == "bpm" ? Self.values(lower, prefix: "", unit: "") : nil)
                {
                    written.heartRate = target(values, unit: " bpm", kind: "heart-rate", at: position) { range throws(TargetError) in
                        try HeartRateTarget(bpm: range)
                    }
                } else if let values = Self.values(lower, prefix: "", unit: "w")
                    ?? (qualifier == "w" ? Self.values(lower, prefix: "", unit: "") : nil)
                {
                    power(values, inWatts: true, at: position)
                } else if let values = Self.values(lower, prefix: "", unit: "%") {
                    percent(values, qualifier: qualifier, at: position)
                    if qualifier == "mmp", index < words.count, IcuLength(words[index].text) != nil { index += 1 }
                } else if lower.hasSuffix("+"), let values = Self.values(String(lower.dropLast()), prefix: "", unit: "%") {
                    notes.warn(
                        position,
                        "\(word.text) (\(JSONText.number(values.0)) % or more) is read as \(JSONText.number(values.0))%: pacer's targets have no open end"
                    )
                    percent(values, qualifier: qualifier, at: position)
                } else {
                    if qualifier != nil { index -= 1 }
                    if word.text.contains(where: { $0.isNumber || $0 == "%" || $0 == "^" }) {
                        notes.warn(position, "\(word.text) is no target or length pacer reads here: kept as text in the step's cue")
                    }
                    after.cue.append(word.text)
                }
            }
            return after
        }

        /// `RPE 7` or `RPE7` at `index`, as the cue's text `RPE 7`, and the index after it.
        private static func rpe(_ words: [Word], at index: Int) -> (text: String, next: Int)? {
            let lower = words[index].text.lowercased()
            guard lower.hasPrefix("rpe") else { return nil }
            if let value = String(lower.dropFirst(3)).decimalValue { return ("RPE " + JSONText.number(value), index + 1) }
            guard lower == "rpe", index + 1 < words.count, let value = words[index + 1].text.decimalValue else { return nil }
            return ("RPE " + JSONText.number(value), index + 2)
        }

        private mutating func percent(_ values: (Double, Double), qualifier: String?, at position: SourcePosition) {
            switch qualifier {
            case "hr":
                written.heartRate = target(values, unit: "% max", kind: "heart-rate", at: position) { range throws(TargetError) in
                    try HeartRateTarget(maxPercent: range)
                }
            case "lthr":
                written.heartRate = target(values, unit: "% LTHR", kind: "heart-rate", at: position) { range throws(TargetError) in
                    try HeartRateTarget(lthrPercent: range)
                }
            case "pace":
                unramped("pace", at: position)
                written.pace = target(values, unit: "%", kind: "pace", at: position) { range throws(TargetError) in
                    try PaceTarget(thresholdPercent: range)
                }
            case "mmp":
                notes.warn(position, "a share of a mean maximal power (MMP) is not a target pacer has: the step has no power target")
            default: power(values, inWatts: false, at: position)
            }
        }

        /// A power target of `values` in watts or percent of FTP: a ramp from the first to the
        /// second when the step ramps, else the range between them.
        private mutating func power(_ values: (Double, Double), inWatts: Bool, at position: SourcePosition) {
            let ramp = ramp
            let text = ImportedValues.targetText(start: values.0, end: values.1, unit: inWatts ? " W" : "%", range: !ramp)
            written.power = ImportedValues.target(text, at: position, notes: &notes, kind: "power") { () throws(TargetError) in
                switch (ramp, inWatts) {
                case (true, true): try PowerTarget(wattsFrom: values.0, to: values.1)
                case (true, false): try PowerTarget(ftpPercentFrom: values.0, to: values.1)
                case (false, true): try PowerTarget(watts: Self.range(values))
                case (false, false): try PowerTarget(ftpPercent: Self.range(values))
                }
            }.map(PerRound.same)
        }

        /// A target of `kind` held over the range `values` span, made by `make`; out of the model's
        /// limits, nil with a warning that shows it with `unit` (`88-94% max`).
        private mutating func target<Target>(
            _ values: (Double, Double), unit: String, kind: String, at position: SourcePosition,
            make: (ClosedRange<Double>) throws(TargetError) -> Target
        ) -> PerRound<Target>? {
            ImportedValues.target(Self.text(values, unit: unit), at: position, notes: &notes, kind: kind) { () throws(TargetError) in
                try make(Self.range(values))
            }.map(PerRound.same)
        }

        /// The lower value to the higher.
        private static func range(_ values: (Double, Double)) -> ClosedRange<Double> {
            min(values.0, values.1)...max(values.0, values.1)
        }

        private mutating func zone(_ zones: (Double, Double), qualifier: String?, at position: SourcePosition) {
            if zones.0 != zones.1 {
                notes.warn(position, "a range of zones is not a target pacer has: Z\(JSONText.number(zones.0)) is kept")
            }
            // A zone that is no whole number (`Z2.5`) is refused by the parser of its text, as it was written.
            let text = "Z" + JSONText.number(zones.0)
            let zone = Int(exactly: zones.0)
            switch qualifier {
            case "hr", "lthr":
                written.heartRate = ImportedValues.target(text, at: position, notes: &notes, kind: "heart-rate") { () throws(TargetError) in
                    if let zone { try HeartRateTarget(zone: zone) } else { try HeartRateTarget(parsing: text) }
                }.map(PerRound.same)
            case "pace":
                written.pace = ImportedValues.target(text, at: position, notes: &notes, kind: "pace") { () throws(TargetError) in
                    if let zone { try PaceTarget(zone: zone) } else { try PaceTarget(parsing: text) }
                }.map(PerRound.same)
            default:
                written.power = ImportedValues.target(text, at: position, notes: &notes, kind: "power") { () throws(TargetError) in
                    if let zone { try PowerTarget(zone: zone) } else { try PowerTarget(parsing: text) }
                }.map(PerRound.same)
            }
        }

        /// `5:00/km`, `4:20-4:40/km`, `3:00/100m-4:00/100m`; without a unit, per km (per 100 m in a swim).
        private mutating func pace(_ word: String, at position: SourcePosition) {
            unramped("pace", at: position)
            var unit = word.firstIndex(of: "/").map { String(word[$0...].prefix { $0 != "-" }) } ?? ""
            let clocks = word.split(separator: "-").map { String($0.prefix { $0 != "/" }) }.joined(separator: "-")
            if unit.isEmpty {
                unit = context.isSwim ? "/100m" : "/km"
                notes.warn(
                    position,
                    "the pace \(word) says per what in intervals.icu's settings, which pacer does not have: read per \(unit.dropFirst())")
            }
            // intervals.icu writes a range either way round (7:15-7:00/km): the faster pace first.
            written.pace = ImportedValues.pace(PaceClocks.fasterFirst(clocks) + unit, at: position, notes: &notes).map(PerRound.same)
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
