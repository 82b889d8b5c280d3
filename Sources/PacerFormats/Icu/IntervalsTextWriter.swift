import PacerFoundation
import PacerWorkout

/// Writes a workout as intervals.icu's workout text: a `- ` line per step (its name, its length,
/// one intensity target and a cadence), a named repeat as a section headed by its name
/// (`Main set 4x`), other runs of steps folded back into a repeat as an `Nx` section, each section
/// between blank lines, a warm-up or cool-down under a `Warmup` or `Cooldown` section. Cues are the
/// step's prompts (`0^Text`, `60^Text`); a step has one intensity target.
struct IntervalsTextWriter {
    var notes = ExportNotes()

    /// The text of `steps`, the plan's phases; `sections` are the workout's named repeats by the
    /// phase they start at.
    mutating func text(of steps: [ExportStep], sections: [Int: NamedRepeat]) throws(ExportRefusal) -> String {
        var lines: [String] = []
        var unnamed: [ExportStep] = []
        var index = 0
        while index < steps.count {
            guard let section = sections[index], let round = Self.round(of: section, in: steps) else {
                if let name = sections[index]?.name {
                    notes.note(
                        "a section of intervals.icu text repeats the same steps: a repeat whose rounds differ (a cue of one round, a value per round) is written out without its name",
                        step: name)
                }
                unnamed.append(steps[index])
                index += 1
                continue
            }
            try write(unnamed, into: &lines)
            unnamed = []
            try writeRepeat(section.rounds, of: round, name: sectionName(section.name, of: round), into: &lines)
            index = section.end
        }
        try write(unnamed, into: &lines)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Steps outside a named repeat, runs of them folded back into repeats.
    private mutating func write(_ steps: [ExportStep], into lines: inout [String]) throws(ExportRefusal) {
        for block in ExportBlock.fold(steps, same: { $0.sameButRound($1) }) {
            switch block {
            case .step(let step) where step.kind == .warmup || step.kind == .cooldown:
                // intervals.icu knows a warm-up or cool-down by its section's name.
                if lines.last.map({ !$0.isEmpty }) ?? false { lines.append("") }
                lines += [step.kind == .warmup ? "Warmup" : "Cooldown", try line(step, name: step.name), ""]
            case .step(let step):
                lines.append(try line(step, name: step.name))
            case .repeated(let count, let round):
                try writeRepeat(count, of: round[...], name: nil, into: &lines)
            }
        }
    }

    /// A repeat as a section between blank lines, `Main set 4x` or `4x`, and its round's steps. A
    /// section repeats at most as often as an import reads: more rounds are more sections.
    private mutating func writeRepeat(_ count: Int, of round: ArraySlice<ExportStep>, name: String?, into lines: inout [String])
        throws(ExportRefusal)
    {
        for rounds in stride(from: 0, to: count, by: IcuTextReader.maximumRepeat).map({ min(IcuTextReader.maximumRepeat, count - $0) }) {
            if lines.last.map({ !$0.isEmpty }) ?? false { lines.append("") }
            lines.append((name.map { $0 + " " } ?? "") + "\(rounds)x")
            for step in round { lines.append(try line(step, name: step.nameInRepeat)) }
            lines.append("")
        }
    }

    /// The steps of a named repeat's first round, when every round says the same (but for the
    /// round its names are numbered by); nil when they differ, a cue of one round or a value per
    /// round, which a section cannot say.
    private static func round(of section: NamedRepeat, in steps: [ExportStep]) -> ArraySlice<ExportStep>? {
        guard section.roundLength > 0, section.end <= steps.count else { return nil }
        let length = section.roundLength
        for index in (section.first + length)..<section.end where !steps[index].sameButRound(steps[index - length]) { return nil }
        return steps[section.first..<(section.first + length)]
    }

    /// A repeat's name as its section's head reads it back: one line, not a step (`- …`), not the
    /// sport (`Sport: Run`), and naming a warm-up or cool-down only for steps of that kind (the
    /// section's name gives its steps their kind). A name that cannot be is left out, with a note.
    private mutating func sectionName(_ name: String, of round: ArraySlice<ExportStep>) -> String? {
        let line = Self.words(name)
        guard !line.isEmpty else { return nil }
        let kind = IcuTextReader.kind(ofSection: line)
        guard !line.hasPrefix("-"), IcuTextReader.sport(of: line) == nil, kind == nil || round.allSatisfy({ $0.kind == kind }) else {
            notes.note(
                "intervals.icu would read this repeat's name as a step, the sport, or a warm-up or cool-down: its section is written without it",
                step: name)
            return nil
        }
        return line
    }

    /// `- Sweet spot 10m 88-94% 85-95rpm`: the prompt (the name, unless it only says the kind; the
    /// cue as `0^Text`, each timed cue as `N^Text`), the length, the targets. A prompt that holds a
    /// digit or a mark an import reads ends in `<!>`, so that no word of it reads as a length, a
    /// repeat or a target.
    private mutating func line(_ step: ExportStep, name: String) throws(ExportRefusal) -> String {
        var words = ["-"]
        var prompt: [String] = []
        var name = Self.words(name)
        if name == step.kind.defaultName { name = "" }
        if step.kind == .rest {
            // An import knows a rest by its power or its name: a rest that says neither is named so.
            var probe = TimedStep(kind: .work, duration: nil, name: name.isEmpty ? nil : .same(name))
            probe.targets.power = step.targets.power.map(PerRound.same)
            if IcuStepLine.kind(of: probe) != .rest {
                if name.isEmpty {
                    name = step.kind.defaultName
                } else {
                    notes.note(
                        "intervals.icu text knows a rest by its power (below 60 % of FTP, or Z1) or its name (Rest, Recover…): these read back as work",
                        step: step.name)
                }
            }
        }
        if !name.isEmpty { prompt.append(name) }
        if let cue = step.cue.map(Self.words), !cue.isEmpty { prompt.append("0^" + cue) }
        for cue in step.cues where !Self.words(cue.text).isEmpty {
            prompt.append(ExportText.number(cue.at.seconds, decimals: 3) + "^" + Self.words(cue.text))
        }
        words += prompt
        if step.cue != nil || !step.cues.isEmpty || prompt.contains(where: { $0.contains { $0.isNumber || "^<,".contains($0) } }) {
            words.append(IcuStepLine.promptEnd)
        }
        switch step.length {
        case .time(let duration): words.append(WorkoutEncoder.duration(duration))
        case .distance(let metres):
            words.append(
                metres < 1000 ? ExportText.number(metres, decimals: 1) + "mtr" : ExportText.number(metres / 1000, decimals: 3) + "km")
        case .open:
            throw ExportRefusal("\"\(step.name)\" is an open step, which lasts until you say done, and intervals.icu text has no such step")
        }
        var intensities: [String] = []
        if let power = step.targets.power { intensities.append(self.power(power, step: step)) }
        if let heartRate = step.targets.heartRate { intensities.append(self.heartRate(heartRate)) }
        if let pace = step.targets.pace { intensities.append(self.pace(pace)) }
        if intensities.count > 1 {
            notes.note(
                "intervals.icu text gives one intensity target a step: power, then heart rate, then pace; the others are dropped",
                step: step.name)
        }
        words += intensities.prefix(1)
        if let cadence = step.targets.cadence { words.append(values(cadence.span.start) + "rpm") }
        return words.joined(separator: " ")
    }

    /// A text as the words of one line.
    private static func words(_ text: String) -> String {
        ExportText.line(text).split(separator: " ").joined(separator: " ")
    }

    private mutating func power(_ power: PowerTarget, step: ExportStep) -> String {
        switch power {
        case .freeRide: return "freeride"
        case .target(.zone, let span): return "Z" + JSONText.number(span.start.low)
        case .target(.ftp, let span): return values(span, step: step) + "%"
        case .target(.watts, let span): return values(span, step: step) + "w"
        }
    }

    private func heartRate(_ heartRate: HeartRateTarget) -> String {
        switch heartRate.unit {
        case .zone: "Z" + JSONText.number(heartRate.span.start.low) + " HR"
        case .bpm: values(heartRate.span.start) + "bpm"
        case .max: values(heartRate.span.start) + "% HR"
        case .lthr: values(heartRate.span.start) + "% LTHR"
        }
    }

    private func pace(_ pace: PaceTarget) -> String {
        let range = pace.span.start
        let clock = { (seconds: Double) -> String in
            let whole = Int(seconds.rounded())
            return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
        }
        let clocks = range.isSingle ? clock(range.low) : clock(range.low) + "-" + clock(range.high)
        return switch pace.unit {
        case .zone: "Z" + JSONText.number(range.low) + " Pace"
        case .threshold: values(range) + "% Pace"
        case .perKilometre: clocks + "/km Pace"
        case .perMile: clocks + "/mi Pace"
        case .per100Metres: clocks + "/100m Pace"
        }
    }

    /// `88` or `88-94`.
    private func values(_ range: TargetRange) -> String {
        range.isSingle ? JSONText.number(range.low) : JSONText.number(range.low) + "-" + JSONText.number(range.high)
    }

    /// A held span's values, or `ramp 50-75` (between ranges, from the middle of one to the middle of the other).
    private mutating func values(_ span: TargetSpan, step: ExportStep) -> String {
        guard span.isRamp else { return values(span.start) }
        if !span.start.isSingle || !span.end.isSingle {
            notes.note(
                "intervals.icu ramps between two values: a ramp between ranges goes from the middle of one to the middle of the other",
                step: step.name)
        }
        return "ramp " + JSONText.number(ExportPower.middle(span.start)) + "-" + JSONText.number(ExportPower.middle(span.end))
    }
}
