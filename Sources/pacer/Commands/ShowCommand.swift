import PacerCore
import PacerRuntime
import TerminalSink

/// `pacer show WORKOUT`: the expanded timeline with start offsets, rounds and totals.
enum ShowCommand {
    static let spec = CommandSpec(
        name: "show", abstract: "show a workout's expanded timeline and totals", usage: "pacer show WORKOUT",
        details: "WORKOUT is a path or a name on the search path (see 'pacer list').",
        options: [OptionSpec(name: "--color", value: "WHEN", help: "colour the output: auto (default), always or never")]
    ) { arguments, environment in
        guard arguments.positionals.count == 1 else {
            return Pacer.usageError("show takes one workout", hintFor: "show")
        }
        guard let color = ColorChoice(rawValue: arguments.value("--color") ?? "auto") else {
            return Pacer.usageError("--color takes auto, always or never", hintFor: "show")
        }
        do throws(WorkoutLoadError) {
            let loaded = try WorkoutLoader.load(arguments.positionals[0], library: WorkoutLibrary(environment: environment))
            let colored = color.enabled(isTerminal: Output.standard.isTerminal, noColor: environment["NO_COLOR"] != nil)
            let columns = Int(environment["COLUMNS"] ?? "") ?? TerminalScreen().size.columns
            Output.standard.write(Timeline(loaded: loaded, colored: colored, columns: columns).text)
            return ExitStatus.success
        } catch {
            error.lines.forEach(Output.problem)
            return ExitStatus.failure
        }
    }
}

/// The text of `pacer show`.
struct Timeline {
    let loaded: LoadedWorkout
    let colored: Bool
    let columns: Int

    var text: String {
        let plan = loaded.plan
        var text = "\(plan.workoutName)  (\(loaded.source.path))\n"
        if let description = loaded.workout.description { text += "\(description)\n" }
        text += "\n"
        let rows = plan.phases.enumerated().map { index, phase in row(index: index, phase: phase) }
        let header = ["#", "start", "kind", "duration", "round", "name"]
        let widths = (0..<5).map { column in max(header[column].count, rows.map { $0[column].count }.max() ?? 0) }
        text += line(header, widths: widths) + "\n"
        for (row, phase) in zip(rows, plan.phases) {
            text += line(row, widths: widths, kind: phase.kind) + "\n"
        }
        text += "\nTotals:\n"
        for total in plan.plannedByKind {
            let time = total.kind == .reps ? "untimed" : total.duration.spoken
            text += "  \(paint(total.kind.rawValue.padding(8), total.kind)) \(String(total.count).leftPadding(5)) × \(time)\n"
        }
        text += "  total    \(String(plan.phases.count).leftPadding(5)) phase\(plan.phases.count == 1 ? "" : "s"), \(plan.planned.spoken)\n"
        if colored { text += "\n" + bar(width: max(10, columns - 1)) + "\n" }
        return text
    }

    private var offsets: [WorkoutDuration] {
        var running = WorkoutDuration.zero
        return loaded.plan.phases.map { phase in
            defer { running = running + (phase.duration ?? .zero) }
            return running
        }
    }

    private func row(index: Int, phase: Phase) -> [String] {
        let start = offsets[index]
        let duration = phase.duration?.clock ?? (phase.reps.map { "\($0) reps" } ?? "")
        let round = phase.round.map { "\($0)/\(phase.rounds ?? $0)" } ?? ""
        var name = phase.name
        if let weight = phase.weight { name += " @ \(weight)" }
        if let cap = phase.cap { name += " (cap \(cap.clock))" }
        return [String(index + 1), start.clock, phase.kind.rawValue, duration, round, name]
    }

    private func line(_ cells: [String], widths: [Int], kind: PhaseKind? = nil) -> String {
        var parts: [String] = []
        for (column, cell) in cells.enumerated() {
            if column == 5 { parts.append(cell); break }
            let padded = column == 2 ? cell.padding(widths[column]) : cell.leftPadding(widths[column])
            parts.append(column == 2 && kind != nil ? paint(padded, kind!) : padded)
        }
        return "  " + parts.joined(separator: "  ")
    }

    /// A bar whose coloured segments are proportional to the phases' durations.
    private func bar(width: Int) -> String {
        let plan = loaded.plan
        guard plan.planned > .zero else { return "" }
        var text = ""
        var used = 0
        var elapsed = WorkoutDuration.zero
        for phase in plan.phases {
            guard let duration = phase.duration else { continue }
            elapsed = elapsed + duration
            let end = Int((elapsed.seconds / plan.planned.seconds * Double(width)).rounded())
            if end > used {
                text += paint(String(repeating: "█", count: end - used), phase.kind)
                used = end
            }
        }
        return text
    }

    private func paint(_ text: String, _ kind: PhaseKind) -> String {
        guard colored else { return text }
        return KindColor.code(kind) + text + "\u{1B}[0m"
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func leftPadding(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
