import PacerCommandLine
import PacerFoundation
import PacerRuntime
import PacerSystem
import PacerUserFiles
import PacerWorkout
import TerminalRendering

/// `pacer show WORKOUT`: the expanded timeline with start offsets, rounds and totals.
enum ShowCommand {
    static let json = Flag("--json", help: "the expanded plan as JSON, a phase a line, for scripts")
    static let notation = Flag("--notation", help: "the workout as one line of notation")
    static let watch = Flag("--watch", help: "redraw the timeline each time the file is saved, until Ctrl-C")

    static let spec = CommandSpec(
        name: "show", abstract: "show a workout's expanded timeline and totals",
        usage: "pacer show [--json | --notation | --watch] WORKOUT",
        arguments: .workout,
        details: SharedOptions.workoutArgument + """


            A workout with power targets ends with its power profile, the time in each power zone
            and the planned kJ, NP, IF and TSS (docs/training-load.md).
            --json prints the expanded plan for scripts instead: the name, the planned seconds, the
            planned load and every phase with its start, duration, round, reps, weight and cues
            (docs/show-json.md).
            --notation prints the workout as one line of notation, to share in a message; what the
            line leaves out (the description, cues, ...) is named on standard error. --watch keeps
            the timeline (or the file's errors) on screen, redrawn each time the file is saved, for
            a pane beside the editor, until Ctrl-C.
            """,
        options: [
            SharedOptions.color.spec,
            json.spec, notation.spec, watch.spec,
            SharedOptions.notationName.spec,
        ] + ThresholdOptions.specs,
        watchesSignals: { $0[watch] }
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
            }
            let thresholds: TargetThresholds
            do throws(CommandFailure) {
                thresholds = try ThresholdOptions.thresholds(in: arguments, environment: environment)
            } catch {
                return error.report()
            }
            if arguments[watch] {
                return TimelineWatch(
                    path: reference, library: arguments.library(environment), color: arguments.colorChoice,
                    thresholds: thresholds, environment: environment
                ).run()
            }
            let format: Format = arguments[json] ? .json : arguments[notation] ? .notation : .timeline(arguments.colorChoice)
            return show(reference, as: format, thresholds: thresholds, library: arguments.library(environment), environment: environment)
        }
    }

    /// What `show` prints.
    enum Format {
        case timeline(ColorChoice)
        case json
        case notation
    }

    private static func show(
        _ reference: String, as format: Format, thresholds: TargetThresholds, library: WorkoutLibrary,
        environment: Environment
    ) -> Int32 {
        do throws(WorkoutLoadError) {
            let loaded = try WorkoutLoader.load(reference, library: library).with(thresholds)
            loaded.warnings.forEach { Output.problem(TerminalText($0)) }
            switch format {
            case .json:
                Output.data(PlanJSON(loaded.plan).text)
                return ExitStatus.success
            case .notation:
                return NotationOutput.print(loaded)
            case .timeline(let color):
                // A dumb terminal takes no escapes: no colour, as the watched timeline has none there.
                let colored = color.enabled(
                    isTerminal: Output.isTerminal && environment["TERM"] != "dumb", noColor: environment["NO_COLOR"] != nil)
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
