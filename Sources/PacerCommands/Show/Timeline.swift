import PacerFoundation
import PacerUserFiles
import PacerWorkout
import TerminalDisplay
import TerminalRendering

/// The text of `pacer show`.
public struct Timeline {
    let loaded: LoadedWorkout
    let colored: Bool
    let columns: Int

    /// The widest a timeline is drawn: `COLUMNS` may say anything.
    static let widestTerminal = 1000

    /// The timeline of `loaded`, coloured or not, for a terminal `columns` wide (at most
    /// `widestTerminal`); targets are turned into watts and zones with the thresholds its plan was made with.
    public init(loaded: LoadedWorkout, colored: Bool, columns: Int) {
        self.loaded = loaded
        self.colored = colored
        self.columns = min(columns, Self.widestTerminal)
    }

    var lines: [TerminalText] {
        var lines: [TerminalText] = []
        forEachLine { lines.append($0) }
        return lines
    }

    /// Calls `body` with each of `lines`, in order, without holding them all (100,000 phases make
    /// as many lines).
    public func forEachLine(_ body: (TerminalText) -> Void) {
        let plan = loaded.plan
        body("\(plan.workoutName)  (\(loaded.source.path))")
        if let description = loaded.workout.description { body(TerminalText(lines: description)) }
        body(.empty)
        var table = TextTable([.right, .right, .left, .right, .right, .left])
        table.append(["#", "start", "kind", "duration", "round", "name"])
        // Each phase is read in place: a copy of it would retain all its texts.
        for index in plan.phases.indices {
            if let block = plan.phases[index].timeLimit, block.first == index { table.append(["", "", "", "", "", heading(of: block)]) }
            table.append(row(index: index, phase: plan.phases[index], start: plan.startOffsets[index]))
            for line in cueLines(plan.phases[index], halfway: plan.halfway) {
                table.append(["", "", "", "", "", line])
            }
        }
        table.forEachLine(indent: "  ", body)
        body("")
        body("Totals:")
        var totals = TextTable([.left, .right, .right])
        // An open step has no planned time: it is counted as open, never as 0s, and with the time
        // its distance takes at its pace where that is known.
        var open = [PhaseKind: OpenSteps]()
        for index in plan.phases.indices where plan.phases[index].isOpen {
            open[plan.phases[index].kind, default: OpenSteps()].count(plan.phases[index].estimatedDuration)
        }
        for total in plan.plannedByKind {
            let phases = "\(total.count) phase\(total.count == 1 ? "" : "s")"
            let time =
                total.kind == .reps ? "untimed" : Self.time(total.duration, count: total.count, open: open[total.kind] ?? OpenSteps())
            totals.append([paint(TerminalText(total.kind.rawValue), total.kind), TerminalText(phases), TerminalText(time)])
        }
        let notReps = plan.phases.count - (plan.plannedByKind.first { $0.kind == .reps }?.count ?? 0)
        totals.append([
            "total", "\(plan.phases.count) phase\(plan.phases.count == 1 ? "" : "s")",
            TerminalText(Self.time(plan.planned, count: notReps, open: open.values.reduce(OpenSteps(), +))),
        ])
        totals.forEachLine(indent: "  ", separator: "   ", body)
        if colored {
            body("")
            body(bar(width: max(10, columns - 1)))
        }
        profileLines(body)
    }

    /// The power profile and the planned load, when a timed step has a power target.
    private func profileLines(_ body: (TerminalText) -> Void) {
        let profile = PowerProfile(plan: loaded.plan)
        guard let load = PlannedLoad(profile: profile) else { return }
        body("")
        ProfileChart(profile: profile, colored: colored, columns: columns).lines.forEach(body)
        body("")
        LoadSummary(load: load, profile: profile, thresholds: loaded.plan.thresholds, colored: colored).lines.forEach(body)
    }

    /// A total's time: `6m`, `open` when every phase counted is open, `6m + 2 open` when some are;
    /// then, when some open steps have an estimate, about how long with them: `6m + 2 open, ~16m`
    /// (`~11m + 1 open` while one has none).
    private static func time(_ duration: WorkoutDuration, count: Int, open: OpenSteps) -> String {
        let time =
            switch open.count {
            case 0: duration.spoken
            case count: "open"
            default: "\(duration.spoken) + \(open.count) open"
            }
        guard open.estimated > 0 else { return time }
        let unestimated = open.count - open.estimated
        return time + ", ~" + (duration + open.estimate).spoken + (unestimated > 0 ? " + \(unestimated) open" : "")
    }

    /// The open steps of a total: how many, how many of them have an estimated time, and those times summed.
    private struct OpenSteps {
        var count = 0
        var estimated = 0
        var estimate = WorkoutDuration.zero

        /// Counts one more open step, with its estimate if it has one.
        mutating func count(_ estimate: WorkoutDuration?) {
            count += 1
            if let estimate {
                estimated += 1
                self.estimate = self.estimate + estimate
            }
        }

        static func + (lhs: OpenSteps, rhs: OpenSteps) -> OpenSteps {
            OpenSteps(count: lhs.count + rhs.count, estimated: lhs.estimated + rhs.estimated, estimate: lhs.estimate + rhs.estimate)
        }
    }

    private func row(index: Int, phase: Phase, start: WorkoutDuration) -> [TerminalText] {
        let open = "open" + (phase.estimatedDuration.map { " ~" + $0.clock } ?? "")
        let duration = phase.duration?.clock ?? (phase.reps.map { "\($0) rep\($0 == 1 ? "" : "s")" } ?? (phase.isOpen ? open : ""))
        let round = phase.round.map { "\($0)/\(phase.rounds ?? $0)" } ?? ""
        var name = TerminalText(phase.name)
        if let weight = phase.weight { name += " @ \(weight)" }
        if let cap = phase.cap { name += " (cap \(cap.clock))" }
        if let distance = phase.distance { name += " · " + TerminalText(distance) }
        if let target = phase.target { name += " (target \(target.clock))" }
        return [
            TerminalText(String(index + 1)), TerminalText(start.clock), paint(TerminalText(phase.kind.rawValue), phase.kind),
            TerminalText(duration), TerminalText(round), name,
        ]
    }

    /// The line above an AMRAP's, open repeat's or capped block's phases.
    private func heading(of block: TimeLimitedBlock) -> TerminalText {
        let count = block.last - block.first + 1
        let phases = count == 1 ? "the next phase" : "the next \(count) phases"
        return switch block.kind {
        case .amrap: "AMRAP \((block.length ?? .zero).clock): \(phases), round after round, until the time is up"
        case .open: "Open repeat: \(phases), round after round, until you end it (done)"
        case .timeCap: "For time, capped at \((block.length ?? .zero).clock): \(phases)"
        }
    }

    /// What the phase says, under it: its cue as it starts, then each announcement at its time.
    /// The lines under a phase's row: its targets (`@ 88–94 % FTP, 90 rpm`), then its cues.
    private func cueLines(_ phase: Phase, halfway: Bool) -> [TerminalText] {
        let targets = phase.targets.label.map { ["  " + TerminalText($0)] } ?? []
        let start = targets + (phase.cue.map { ["  » " + TerminalText($0)] } ?? [])
        return start + phase.announcements(workoutHalfway: halfway).map { "  » \($0.offset.clock)  " + TerminalText($0.text) }
    }

    /// A bar whose coloured segments are proportional to the phases' durations.
    private func bar(width: Int) -> TerminalText {
        let plan = loaded.plan
        guard plan.planned > .zero else { return .empty }
        var text = TerminalText.empty
        var used = 0
        for (phase, start) in zip(plan.phases, plan.startOffsets) {
            guard let duration = phase.duration else { continue }
            let end = Int(((start + duration).seconds / plan.planned.seconds * Double(width)).rounded())
            if end > used {
                text += paint(TerminalText(String(repeating: "█", count: end - used)), phase.kind)
                used = end
            }
        }
        return text
    }

    private func paint(_ text: TerminalText, _ kind: PhaseKind) -> TerminalText {
        colored ? .styled(text, KindColor.parameters(kind)) : text
    }
}
