import PacerCore

/// Writes a workout as intervals.icu's workout text: a `- ` line per step (its name, its length,
/// one intensity target and a cadence), a run of steps folded back into a repeat as an `Nx`
/// section between blank lines, a warm-up or cool-down under a `Warmup` or `Cooldown` section. The
/// text has no cues and one intensity target a step.
struct IntervalsTextWriter {
    var notes = ExportNotes()

    mutating func text(of steps: [ExportStep]) throws(ExportRefusal) -> String {
        var lines: [String] = []
        for block in ExportBlock.fold(steps, same: { $0.sameButRound($1) }) {
            switch block {
            case .step(let step) where step.kind == .warmup || step.kind == .cooldown:
                // intervals.icu knows a warm-up or cool-down by its section's name.
                if lines.last.map({ !$0.isEmpty }) ?? false { lines.append("") }
                lines += [step.kind == .warmup ? "Warmup" : "Cooldown", try line(step, name: step.name), ""]
            case .step(let step):
                lines.append(try line(step, name: step.name))
            case .repeated(let count, let round):
                if lines.last.map({ !$0.isEmpty }) ?? false { lines.append("") }
                lines.append("\(count)x")
                for step in round { lines.append(try line(step, name: step.nameInRepeat)) }
                lines.append("")
            }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `- Sweet spot 10m 88-94% 85-95rpm`: the name (unless it only says the kind), the length, the targets.
    private mutating func line(_ step: ExportStep, name: String) throws(ExportRefusal) -> String {
        var words = ["-"]
        let name = ExportText.line(name).split(separator: " ").joined(separator: " ")
        if !name.isEmpty, name != step.kind.defaultName { words.append(name) }
        switch step.length {
        case .time(let duration): words.append(WorkoutJSONWriter.duration(duration))
        case .distance(let metres): words.append(metres < 1000 ? ExportText.number(metres, decimals: 1) + "mtr" : ExportText.number(metres / 1000, decimals: 3) + "km")
        case .open: throw ExportRefusal("\"\(step.name)\" is an open step, which lasts until you say done, and intervals.icu text has no such step")
        }
        var intensities: [String] = []
        if let power = step.targets.power { intensities.append(self.power(power, step: step)) }
        if let heartRate = step.targets.heartRate { intensities.append(self.heartRate(heartRate)) }
        if let pace = step.targets.pace { intensities.append(self.pace(pace)) }
        if intensities.count > 1 { notes.note("intervals.icu text gives one intensity target a step: power, then heart rate, then pace; the others are dropped", step: step.name) }
        words += intensities.prefix(1)
        if let cadence = step.targets.cadence { words.append(values(cadence.span.start) + "rpm") }
        if step.cue != nil || !step.cues.isEmpty { notes.note("intervals.icu text has no cues: dropped", step: step.name) }
        return words.joined(separator: " ")
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
            notes.note("intervals.icu ramps between two values: a ramp between ranges goes from the middle of one to the middle of the other", step: step.name)
        }
        return "ramp " + JSONText.number(ExportPower.middle(span.start)) + "-" + JSONText.number(ExportPower.middle(span.end))
    }
}
