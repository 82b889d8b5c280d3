import PacerCore

/// Records every session in the history database as it happens: the session when it starts, each
/// phase as it ends, the end; then says how the session stands ("3rd session this week · …").
/// A history that cannot be opened or written is reported once and the session goes on.
public final class HistorySink: Sink, @unchecked Sendable {
    // Touched only on the sink's own queue.
    private var store: HistoryStore?
    /// Why the history could not be opened, until it has been reported.
    private var openFailure: HistoryError?
    private var session: Int64?
    private var standing: String?

    public init(path: String) {
        do {
            store = try HistoryStore(path: path)
        } catch {
            openFailure = error
        }
    }

    /// The history, on by default; `--no-history` and the config's `"history": false` turn it off.
    public static let registration = SinkRegistration(
        name: "history", summary: "records every session and phase in the history database (pacer history, pacer stats)",
        options: [SinkOption(key: "file", value: "PATH", help: "the history file (default $XDG_DATA_HOME/pacer/history.sqlite3)")],
        traits: SinkTraits(kind: .recorder),
        isDefault: { $0.history },
        // SQLite writes its journal, WAL and shared memory beside the database.
        files: { options, _, environment in
            let path = options["file"] ?? HistoryLocation.path(environment: environment)
            return [path, path + "-journal", path + "-wal", path + "-shm"]
        }
    ) { context in
        HistorySink(path: context.options["file"] ?? HistoryLocation.path(environment: context.environment))
    }

    public func receive(_ event: Event) throws {
        if let failure = openFailure {
            openFailure = nil
            throw failure
        }
        guard let store else { return }
        switch event.payload {
        case .sessionStart(let start):
            session = try store.startSession(SessionStart(
                workout: start.workout, file: start.file, started: WallTime(iso8601: start.wall) ?? .now(),
                planned: start.planned, speed: start.speed))
        case .phaseEnd(let end):
            guard let session else { return }
            try store.recordPhase(PhaseRecord(
                index: end.index + 1, kind: end.phase.kind, name: end.phase.name, planned: end.phase.duration,
                active: end.active, outcome: end.outcome, reps: end.reps, weight: end.weight.map(LoggedWeight.init)), session: session)
        case .sessionEnd(let end):
            guard let session else { return }
            try store.endSession(session, SessionEnd(
                ended: WallTime(iso8601: end.wall) ?? .now(), outcome: end.outcome, active: end.active, paused: end.paused))
            standing = try store.standing(ofSession: session)?.text
        default:
            break
        }
    }

    public var closingLines: [TerminalText] {
        standing.map { [TerminalText($0)] } ?? []
    }
}
