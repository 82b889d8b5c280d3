import PacerFoundation
import PacerWorkout

/// One step as the formats write it: a phase of the expanded plan, its names and per-round values
/// resolved, measured by time, by distance, or open.
struct ExportStep: Equatable {
    /// What ends the step.
    enum Length: Equatable {
        case time(WorkoutDuration)
        case distance(metres: Double)
        /// Until the user ends it.
        case open
    }

    let kind: PhaseKind
    let name: String
    let length: Length
    let targets: Targets
    let cue: String?
    let cues: [Cue]
    /// ` 2/8` for a phase of round 2 of 8, as a name numbered `{round}/{rounds}` ends.
    let roundLabel: String?
    /// The step's distance label when the format does not write it: on a timed step, or one that
    /// is not a length (`one lap`).
    var lostDistance: String? = nil

    /// How long the step lasts, nil when it is not timed.
    var duration: WorkoutDuration? {
        if case .time(let duration) = length { duration } else { nil }
    }

    /// The name without the round number it ends in (`Sprint` for `Sprint 2/8`), for a step written
    /// once as every round of a repeat.
    var nameInRepeat: String {
        guard let roundLabel, name.hasSuffix(roundLabel), name.count > roundLabel.count else { return name }
        return String(name.dropLast(roundLabel.count))
    }

    /// Whether the step says the same as `other` but for the round its name is numbered by.
    func sameButRound(_ other: ExportStep) -> Bool {
        nameInRepeat == other.nameInRepeat && sameButName(other)
    }

    /// Whether the step says the same as `other` in everything but its name.
    func sameButName(_ other: ExportStep) -> Bool {
        sameButCues(other) && cue == other.cue && cues == other.cues
    }

    /// Whether the step says the same as `other` in everything but its name and cues.
    func sameButCues(_ other: ExportStep) -> Bool {
        kind == other.kind && length == other.length && targets == other.targets
    }

    /// The steps of `workout`'s plan, or the refusal of the first phase `format` cannot say: a rep
    /// step, a phase of an AMRAP, an EMOM or a capped block, and (where the format has no such
    /// step) one measured by distance or left open.
    static func steps(of workout: Workout, for format: WorkoutFormat) throws(ExportRefusal) -> [ExportStep] {
        var steps: [ExportStep] = []
        for phase in Plan(workout).phases {
            try refuseUnwritable(phase, in: format)
            let length: Length
            if let duration = phase.duration {
                length = .time(duration)
            } else if let metres = phase.distanceMetres, format.measuresDistance {
                length = .distance(metres: metres)
            } else if let distance = phase.distance, !format.hasOpenSteps {
                throw ExportRefusal(
                    "\"\(phase.name)\" is measured by distance (\(distance)), and \(format.short) steps "
                        + (format.measuresDistance ? "give a distance in metres" : "are timed") + ": give it a duration to export it")
            } else if format.hasOpenSteps {
                length = .open
            } else {
                throw ExportRefusal(
                    "\"\(phase.name)\" is an open step, which lasts until you say done, and \(format.short) has no such step: give it a duration to export it"
                )
            }
            var step = ExportStep(
                kind: phase.kind, name: phase.name, length: length, targets: phase.targets, cue: phase.cue, cues: phase.cues,
                roundLabel: phase.round.flatMap { round in phase.rounds.map { " \(round)/\($0)" } })
            if case .distance = length {} else { step.lostDistance = phase.distance }
            steps.append(step)
        }
        return steps
    }

    /// A warning for the distance labels `format` does not write, naming the steps that had one.
    static func lostDistances(_ steps: [ExportStep], in format: WorkoutFormat) -> [String] {
        var notes = ExportNotes()
        for step in steps {
            guard let label = step.lostDistance else { continue }
            let reason =
                step.duration == nil
                ? "\(format.short) gives a distance in metres: a distance label that is no length (\"\(label)\") is dropped"
                : "\(format.short) has no distance on a timed step: its distance label is dropped"
            notes.note(reason, step: step.name)
        }
        return notes.warnings
    }

    private static func refuseUnwritable(_ phase: Phase, in format: WorkoutFormat) throws(ExportRefusal) {
        let cannot = "\(format.short) cannot say that"
        if phase.kind == .reps {
            let reps = phase.reps.map { " of " + ImportedValues.counted(Double($0), "rep") } ?? ""
            throw ExportRefusal(
                "\"\(phase.name)\" is a rep step\(reps), which lasts until you say done, and \(format.short) steps last a time\(format.measuresDistance ? " or a distance" : "")"
            )
        }
        if let block = phase.timeLimit {
            switch block.kind {
            case .amrap:
                throw ExportRefusal(
                    "\"\(phase.name)\" is part of an AMRAP (as many rounds as you can in \((block.length ?? .zero).spoken)), and \(format.short) cannot repeat steps until a time runs out"
                )
            case .open:
                throw ExportRefusal(
                    "\"\(phase.name)\" is part of an open repeat (round after round until you end it), and \(format.short) cannot repeat steps until you end them: write its steps once, or as a repeat of a number of rounds, to export it"
                )
            case .timeCap:
                throw ExportRefusal(
                    "\"\(phase.name)\" is part of a block with a time cap of \((block.length ?? .zero).spoken), and \(format.short) has no time cap: \(cannot)"
                )
            }
        }
        if let window = phase.window {
            throw ExportRefusal(
                "\"\(phase.name)\" is part of an EMOM (a round every \(window.length.spoken)), and \(format.short) cannot start rounds on a beat: \(cannot)"
            )
        }
    }
}
