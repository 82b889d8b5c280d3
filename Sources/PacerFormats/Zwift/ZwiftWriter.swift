import PacerFoundation
import PacerWorkout

/// Writes a workout as a Zwift workout (`.zwo`): power as shares of FTP, a ramp at the start a
/// Warmup and at the end a Cooldown, a repeat of two steady steps an IntervalsT, a step without
/// power a FreeRide, cues text events. Zwift has no step names, nor heart-rate or pace targets.
struct ZwiftWriter {
    let thresholds: TargetThresholds
    var notes = ExportNotes()

    mutating func text(of workout: Workout, steps: [ExportStep]) throws(ExportRefusal) -> String {
        var lines = ["<workout_file>", "    <name>\(ExportText.xml(workout.name))</name>"]
        if let description = workout.description { lines.append("    <description>\(ExportText.xml(description))</description>") }
        lines.append("    <sportType>\(ExportSport(of: workout, steps: steps) == .running ? "run" : "bike")</sportType>")
        if !workout.tags.isEmpty {
            lines.append("    <tags>")
            lines += workout.tags.map { "        <tag name=\"\(ExportText.xml($0))\"/>" }
            lines.append("    </tags>")
        }
        lines.append("    <workout>")
        // Cues do not part rounds: an IntervalsT times each round's texts from the block's start.
        let blocks = ExportBlock.fold(steps, same: { $0.sameButCues($1) })
        var next = 0
        for (index, block) in blocks.enumerated() {
            switch block {
            case .repeated(let count, let round):
                let rounds = steps[next..<(next + count * round.count)]
                next = rounds.endIndex
                if round.count == 2, let intervals = try intervals(count: count, rounds: rounds) {
                    lines.append(intervals)
                } else {
                    lines += try rounds.map { step throws(ExportRefusal) in try element(step, first: false, last: false) }
                }
            case .step(let step):
                next += 1
                lines.append(try element(step, first: index == 0, last: index == blocks.count - 1))
            }
        }
        lines += ["    </workout>", "</workout_file>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One step: a Warmup, Cooldown or Ramp when its power ramps, a SteadyState when it holds, a
    /// FreeRide without power.
    private mutating func element(_ step: ExportStep, first: Bool, last: Bool) throws(ExportRefusal) -> String {
        guard let duration = step.duration else {
            throw ExportRefusal("\"\(step.name)\" is not timed, and .zwo steps are")
        }
        noteDropped(step)
        var attributes = [("Duration", seconds(duration))]
        let name: String
        if let power = try fractions(step) {
            if power.isRamp {
                name = first && power.start.low < power.end.low ? "Warmup" : last && power.start.low > power.end.low ? "Cooldown" : "Ramp"
                attributes += [("PowerLow", share(single(power.start, step))), ("PowerHigh", share(single(power.end, step)))]
            } else {
                name = "SteadyState"
                attributes +=
                    power.start.isSingle
                    ? [("Power", share(power.start.low))] : [("PowerLow", share(power.start.low)), ("PowerHigh", share(power.start.high))]
            }
        } else {
            name = "FreeRide"
        }
        attributes += cadence(step, prefix: "Cadence")
        return "        " + tag(name, attributes, children: texts(of: step))
    }

    /// A repeat of two steady steps as an IntervalsT, `rounds` its steps round by round; nil when
    /// the two cannot be one (a ramp, no power, a free ride). A text event in an IntervalsT is
    /// timed from the block's start, as Zwift (and `pacer import`) reads it, so each round's cues
    /// are its texts at their time in the block: a cue of one round stays in that round.
    private mutating func intervals(count: Int, rounds: ArraySlice<ExportStep>) throws(ExportRefusal) -> String? {
        let (on, off) = (rounds[rounds.startIndex], rounds[rounds.startIndex + 1])
        guard let onLength = on.duration, let offLength = off.duration,
            let onPower = try fractions(on), let offPower = try fractions(off), !onPower.isRamp, !offPower.isRamp
        else { return nil }
        noteDropped(on)
        noteDropped(off)
        var attributes = [("Repeat", String(count)), ("OnDuration", seconds(onLength)), ("OffDuration", seconds(offLength))]
        attributes +=
            onPower.start.isSingle
            ? [("OnPower", share(onPower.start.low))]
            : [("PowerOnLow", share(onPower.start.low)), ("PowerOnHigh", share(onPower.start.high))]
        attributes +=
            offPower.start.isSingle
            ? [("OffPower", share(offPower.start.low))]
            : [("PowerOffLow", share(offPower.start.low)), ("PowerOffHigh", share(offPower.start.high))]
        attributes += cadence(on, prefix: "Cadence") + cadence(off, prefix: "CadenceResting")
        var texts: [String] = []
        for (offset, step) in rounds.enumerated() {
            let start =
                WorkoutDuration(milliseconds: (onLength + offLength).milliseconds * Int64(offset / 2))
                + (offset % 2 == 1 ? onLength : .zero)
            texts += self.texts(of: step, from: start)
        }
        return "        " + tag("IntervalsT", attributes, children: texts)
    }

    private mutating func fractions(_ step: ExportStep) throws(ExportRefusal) -> TargetSpan? {
        try ExportPower.percent(of: step, format: .zwo, thresholds: thresholds, notes: &notes).map { ExportPower.scaled($0, by: 0.01) }
    }

    /// A ramp goes from one value to another; between ranges, from the middle of one to the middle of the other.
    private mutating func single(_ range: TargetRange, _ step: ExportStep) -> Double {
        if !range.isSingle {
            notes.note(
                ".zwo ramps between two values: a ramp between ranges goes from the middle of one to the middle of the other",
                step: step.name)
        }
        return ExportPower.middle(range)
    }

    /// `Cadence="90"`, and for a range its ends too (Zwift shows the middle).
    private func cadence(_ step: ExportStep, prefix: String) -> [(String, String)] {
        guard let range = step.targets.cadence?.span.start else { return [] }
        let middle = [(prefix, ExportText.number(ExportPower.middle(range), decimals: 0))]
        return range.isSingle
            ? middle : middle + [(prefix + "Low", JSONText.number(range.low)), (prefix + "High", JSONText.number(range.high))]
    }

    private mutating func noteDropped(_ step: ExportStep) {
        if step.targets.heartRate != nil { notes.note(".zwo has no heart-rate targets: dropped", step: step.name) }
        if step.targets.pace != nil { notes.note(".zwo has no pace targets on a bike: dropped", step: step.name) }
    }

    /// The step's cue and cues as text events at their offsets, from `start` into the element.
    private func texts(of step: ExportStep, from start: WorkoutDuration = .zero) -> [String] {
        let timed = (step.cue.map { [Cue(at: .zero, text: $0)] } ?? []) + step.cues
        return timed.map {
            tag("textevent", [("timeoffset", seconds(start + $0.at)), ("message", ExportText.line($0.text))], children: [])
        }
    }

    private func tag(_ name: String, _ attributes: [(String, String)], children: [String]) -> String {
        let open = "<" + name + attributes.map { " \($0.0)=\"\(ExportText.xml($0.1))\"" }.joined()
        guard !children.isEmpty else { return open + "/>" }
        return open + ">\n" + children.map { "            " + $0 + "\n" }.joined() + "        </\(name)>"
    }

    private func seconds(_ duration: WorkoutDuration) -> String {
        ExportText.number(duration.seconds, decimals: 3)
    }

    private func share(_ fraction: Double) -> String {
        ExportText.number(fraction, decimals: 4)
    }
}
