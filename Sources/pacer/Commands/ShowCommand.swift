import PacerCommandLine
import PacerCore
import PacerRuntime
import PacerSystem
import TerminalRendering
import TerminalSink

/// `pacer show WORKOUT`: the expanded timeline with start offsets, rounds and totals.
enum ShowCommand {
    static let json = Flag("--json", help: "the expanded plan as JSON, a phase a line, for scripts")
    static let notation = Flag("--notation", help: "the workout as one line of notation")
    static let watch = Flag("--watch", help: "redraw the timeline each time the file is saved, until Ctrl-C")

    static let spec = CommandSpec(
        name: "show", abstract: "show a workout's expanded timeline and totals", usage: "pacer show [--json | --notation | --watch] WORKOUT",
        arguments: .workout,
        details: SharedOptions.workoutArgument + """


            --json prints the expanded plan for scripts instead: the name, the planned seconds and
            every phase with its start, duration, round, reps, weight and cues (docs/show-json.md).
            --notation prints the workout as one line of notation, to share in a message; what the
            line leaves out (the description, cues, ...) is named on standard error. --watch keeps
            the timeline (or the file's errors) on screen, redrawn each time the file is saved, for
            a pane beside the editor, until Ctrl-C.
            """,
        options: [
            SharedOptions.color.spec,
            json.spec, notation.spec, watch.spec,
            SharedOptions.notationName.spec,
        ]
    ) { arguments, environment in
        CommandSpec.reportingUsage(of: "show") { () throws(UsageError) in
            let reference = try arguments.workout(for: "show")
            let outputs = [json, notation, watch].filter { arguments[$0] }.map(\.spec.name)
            guard outputs.count <= 1 else {
                throw .init(message: "\(outputs.joined(separator: " and ")) are different outputs; give one of them")
            }
            if arguments[watch] {
                guard reference.contains("/") || reference.hasSuffix(".json") else {
                    throw .init(message: "--watch watches a file: give its path, such as ./\(reference).json")
                }
                return TimelineWatch(path: reference, library: arguments.library(environment), color: arguments.colorChoice,
                                     environment: environment).run()
            }
            let format: Format = arguments[json] ? .json : arguments[notation] ? .notation : .timeline(arguments.colorChoice)
            return show(reference, as: format, library: arguments.library(environment), environment: environment)
        }
    }

    /// What `show` prints.
    enum Format {
        case timeline(ColorChoice)
        case json
        case notation
    }

    private static func show(_ reference: String, as format: Format, library: WorkoutLibrary, environment: Environment) -> Int32 {
        do throws(WorkoutLoadError) {
            let loaded = try WorkoutLoader.load(reference, library: library)
            switch format {
            case .json:
                loaded.warnings.forEach { Output.problem(TerminalText($0)) }
                Output.data(PlanJSON(loaded.plan).text)
                return ExitStatus.success
            case .notation:
                return notation(of: loaded)
            case .timeline(let color):
                let colored = color.enabled(isTerminal: Output.standard.isTerminal, noColor: environment["NO_COLOR"] != nil)
                let columns = Int(environment["COLUMNS"] ?? "") ?? TerminalScreen(live: false).size.columns
                Timeline(loaded: loaded, colored: colored, columns: columns).forEachLine(Output.line)
                return ExitStatus.success
            }
        } catch {
            error.lines.forEach { Output.problem(TerminalText($0)) }
            return ExitStatus.failure
        }
    }
}

extension ShowCommand {
    /// Prints the workout as one line of notation, and on standard error what the line leaves out.
    private static func notation(of loaded: LoadedWorkout) -> Int32 {
        do throws(NotationUnsupported) {
            let written = try NotationWriter.write(loaded.workout)
            Output.line(TerminalText(written.line))
            if !written.leftOut.isEmpty {
                let list = written.leftOut.count == 1 ? written.leftOut[0] : written.leftOut.dropLast().joined(separator: ", ") + " and " + written.leftOut.last!
                var note: TerminalText = "pacer: the line leaves out \(list)"
                if written.leftOut.contains("the name") { note += " (give the name with --name)" }
                Output.problem(note)
            }
            return ExitStatus.success
        } catch {
            Output.problem("pacer: \(loaded.source.path) cannot be written as one line: \(error.description)")
            return ExitStatus.failure
        }
    }
}

/// The text of `pacer show`.
struct Timeline {
    let loaded: LoadedWorkout
    let colored: Bool
    let columns: Int

    var lines: [TerminalText] {
        var lines: [TerminalText] = []
        forEachLine { lines.append($0) }
        return lines
    }

    /// Calls `body` with each of `lines`, in order, without holding them all (100,000 phases make
    /// as many lines).
    func forEachLine(_ body: (TerminalText) -> Void) {
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
        for total in plan.plannedByKind {
            let phases = "\(total.count) phase\(total.count == 1 ? "" : "s")"
            totals.append([paint(TerminalText(total.kind.rawValue), total.kind), TerminalText(phases),
                           TerminalText(total.kind == .reps ? "untimed" : total.duration.spoken)])
        }
        totals.append(["total", "\(plan.phases.count) phase\(plan.phases.count == 1 ? "" : "s")", TerminalText(plan.planned.spoken)])
        totals.forEachLine(indent: "  ", separator: "   ", body)
        if colored {
            body("")
            body(bar(width: max(10, columns - 1)))
        }
    }

    private func row(index: Int, phase: Phase, start: WorkoutDuration) -> [TerminalText] {
        let duration = phase.duration?.clock ?? (phase.reps.map { "\($0) rep\($0 == 1 ? "" : "s")" } ?? (phase.isOpen ? "open" : ""))
        let round = phase.round.map { "\($0)/\(phase.rounds ?? $0)" } ?? ""
        var name = TerminalText(phase.name)
        if let weight = phase.weight { name += " @ \(weight)" }
        if let cap = phase.cap { name += " (cap \(cap.clock))" }
        if let distance = phase.distance { name += " · " + TerminalText(distance) }
        if let target = phase.target { name += " (target \(target.clock))" }
        return [TerminalText(String(index + 1)), TerminalText(start.clock), paint(TerminalText(phase.kind.rawValue), phase.kind),
                TerminalText(duration), TerminalText(round), name]
    }

    /// The line above an AMRAP's or capped block's phases.
    private func heading(of block: TimeLimitedBlock) -> TerminalText {
        let count = block.last - block.first + 1
        let phases = count == 1 ? "the next phase" : "the next \(count) phases"
        return switch block.kind {
        case .amrap: "AMRAP \(block.length.clock): \(phases), round after round, until the time is up"
        case .timeCap: "For time, capped at \(block.length.clock): \(phases)"
        }
    }

    /// What the phase says, under it: its cue as it starts, then each announcement at its time.
    private func cueLines(_ phase: Phase, halfway: Bool) -> [TerminalText] {
        let start = phase.cue.map { ["  » " + TerminalText($0)] } ?? []
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
