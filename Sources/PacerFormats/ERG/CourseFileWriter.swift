import PacerFoundation
import PacerWorkout

/// Writes a workout as an ERG (watts) or MRC (percent of FTP) course file: `[COURSE HEADER]`,
/// `[COURSE DATA]` rows of minutes and a value (a step two rows at one value, a ramp two rows at
/// different values, a `LAP` row between two steps at the same value so they stay two), and
/// `[COURSE TEXT]` rows of seconds and a cue. The file gives one value at a time: a range is
/// written as its middle, a step without power at 0 (the trainer holds nothing there).
struct CourseFileWriter {
    let percent: Bool
    let thresholds: TargetThresholds
    var notes = ExportNotes()

    private var format: WorkoutFormat { percent ? .mrc : .erg }

    mutating func text(of workout: Workout, steps: [ExportStep]) throws(ExportRefusal) -> String {
        var header = ["[COURSE HEADER]", "VERSION = 2", "UNITS = ENGLISH", "FILE NAME = " + ExportText.line(workout.name)]
        if let description = workout.description { header.append("DESCRIPTION = " + ExportText.line(description)) }
        if let ftp = thresholds.ftp { header.append("FTP = " + ExportText.number(ftp, decimals: 2)) }
        header += [percent ? "MINUTES PERCENT" : "MINUTES WATTS", "[END COURSE HEADER]"]
        var data = ["[COURSE DATA]"]
        var texts: [String] = []
        var start = WorkoutDuration.zero
        var lastValue: Double?
        for step in steps {
            guard let duration = step.duration else {
                throw ExportRefusal("\"\(step.name)\" is not timed, and \(format.short) steps are")
            }
            let (from, to) = try values(of: step)
            if from == lastValue { data.append("LAP") }
            let end = start + duration
            data += [row(start, from), row(end, to)]
            let timed = (step.cue.map { [Cue(at: .zero, text: $0)] } ?? []) + step.cues
            texts += timed.map { ExportText.number((start + $0.at).seconds, decimals: 3) + "\t" + ExportText.line($0.text) + "\t10" }
            lastValue = to
            start = end
        }
        data.append("[END COURSE DATA]")
        let text = texts.isEmpty ? [] : ["[COURSE TEXT]"] + texts + ["[END COURSE TEXT]"]
        return (header + data + text).joined(separator: "\n") + "\n"
    }

    /// The value at the step's start and at its end, in the file's unit.
    private mutating func values(of step: ExportStep) throws(ExportRefusal) -> (Double, Double) {
        if step.targets.heartRate != nil || step.targets.pace != nil || step.targets.cadence != nil {
            notes.note("\(format.short) gives power only: heart-rate, pace and cadence targets are dropped", step: step.name)
        }
        let span =
            percent
            ? try ExportPower.percent(of: step, format: format, thresholds: thresholds, notes: &notes)
            : try ExportPower.watts(of: step, format: format, thresholds: thresholds, notes: &notes)
        guard let span else {
            notes.note("\(format.short) gives every minute a power: a step without one (or a free ride) is written at 0", step: step.name)
            return (0, 0)
        }
        if !span.start.isSingle || !span.end.isSingle {
            notes.note("\(format.short) gives one value at a time: a range is written as its middle", step: step.name)
        }
        return (rounded(ExportPower.middle(span.start)), rounded(ExportPower.middle(span.end)))
    }

    private func rounded(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }

    /// `10.5<TAB>227.5`: minutes (to a millionth, so seconds come back whole) and the value.
    private func row(_ at: WorkoutDuration, _ value: Double) -> String {
        var minutes = ExportText.number(at.seconds / 60, decimals: 6)
        let decimals = minutes.split(separator: ".").dropFirst().first?.count ?? 0
        if decimals == 0 { minutes += "." }
        minutes += String(repeating: "0", count: max(0, 2 - decimals))
        return minutes + "\t" + ExportText.number(value, decimals: 2)
    }
}
