import History
import HistoryReports
import PacerCommandLine
import PacerFoundation
import PacerRuntime
import PacerSystem

/// What the commands that read the history share: the history file, its opening, colour, width
/// and the clock.
public struct HistoryAccess: Sendable {
    public static let file = Option<String>(
        "--history", value: "FILE", help: "read this history file (default $PACER_HISTORY, else $XDG_DATA_HOME/pacer/history.sqlite3)",
        kind: .file)

    /// The history file to read.
    public let path: String
    public let style: HistoryStyle
    /// The width to draw charts in.
    public let columns: Int
    /// Now on this machine's clock, with its offset.
    public let now: WallTime
    /// Today on this machine's clock.
    public var today: CalendarDay { now.localDay }

    /// The settings from the command line and the environment.
    public init(_ arguments: Arguments, _ environment: Environment) {
        let color = arguments.colorChoice
        path = arguments[Self.file] ?? HistoryLocation.path(environment: environment.variables)
        style = HistoryStyle(colored: color.enabled(isTerminal: Output.isTerminal, noColor: environment["NO_COLOR"] != nil))
        columns = Int(environment["COLUMNS"] ?? "") ?? TerminalScreen(live: false).size.columns
        now = WallTime.now()
    }

    /// Opens the history for reading; nil when there is none yet.
    public func open() throws(HistoryError) -> HistoryStore? {
        try HistoryStore.existing(at: path)
    }

    /// Says on stderr which rows the reads of `store` left out because a value in them cannot be
    /// read, which phases they gave without their targets or what was measured for the same reason,
    /// and what to do.
    public static func reportUnreadable(_ store: HistoryStore?) {
        guard let store else { return }
        let count = store.unreadableRows.count + store.unreadableTargets.count + store.unreadableMeasurements.count
        guard count > 0 else { return }
        for row in store.unreadableRows { Output.problem(TerminalText("pacer: left out \(row)")) }
        for row in store.unreadableTargets { Output.problem(TerminalText("pacer: shown without its targets: \(row)")) }
        for row in store.unreadableMeasurements { Output.problem(TerminalText("pacer: shown without what was measured: \(row)")) }
        Output.problem(
            TerminalText(
                "pacer: such values come from another program or a damaged file: "
                    + "correct or delete \(count == 1 ? "that row" : "those rows") with sqlite3 \(store.path.shellQuoted)"))
    }

    /// Reports a history that cannot be read, in one line, and returns the failure status.
    public static func failure(_ error: HistoryError) -> Int32 {
        Output.problem("pacer: \(error.description)")
        return ExitStatus.failure
    }

    /// What to print when there is nothing recorded yet.
    public static let empty: TerminalText = "No sessions recorded yet: finish a workout with 'pacer run' and it will show up here."
}
