import Glibc
import History
import PacerCore
import PacerSystem
import PacerWeekPlan
import SinkKit

/// Records every session in the history database as it happens: the session when it starts, each
/// phase as it ends, the end; then says how the session stands ("3rd session this week · …"),
/// against the user's week plan too when there is one.
/// While another program holds the history's lock, what is to be written waits and is written
/// when the lock is gone: on a later event, or at the end within `closingPatience`. A history that
/// cannot be used, or stays locked past that, is reported once and the session goes on.
public final class HistorySink: Sink, @unchecked Sendable {
    /// One write, in the order the session made them.
    private enum Write {
        case start(SessionStart)
        case phase(PhaseRecord)
        case end(SessionEnd)
    }

    /// How long the end of a session keeps trying to write what waits for a lock, in seconds.
    public static let defaultClosingPatience = 10.0
    /// After the lock made a write fail, how long later events go by before the next try, in
    /// seconds, so a locked history never makes the sink fall further and further behind.
    static let retryInterval = 1.0

    private let path: String
    private let closingPatience: Double
    /// How long each write waits for the lock, in milliseconds.
    private let busyTimeout: Int32
    private let plan: WeekPlan?
    private let runner = ProcessIdentity.current()
    // Touched only on the sink's own queue.
    private var store: HistoryStore?
    /// Writes not made yet, oldest first.
    private var waiting: [Write] = []
    /// No try before this monotonic time (nanoseconds), after a lock stopped one.
    private var nextTry: Int64 = 0
    /// The history could not be used for a reason other than a lock: nothing more is tried.
    private var broken = false
    private var session: Int64?
    private var standing: String?
    /// How many rows of the history the standing left out because a value in them cannot be read.
    private var unreadable = 0

    public init(path: String, plan: WeekPlan? = nil, closingPatience: Double = defaultClosingPatience,
                busyTimeout: Int32 = HistoryStore.defaultBusyTimeout) {
        self.path = path
        self.plan = plan
        self.closingPatience = closingPatience
        self.busyTimeout = busyTimeout
    }

    /// `--no-history` and the config's `"history": false`.
    public static let enabled = SinkSetting(
        .enabled, key: "history", flag: "--no-history", help: "do not record this session in the history",
        configHelp: "Whether sessions are recorded in the history (default true); --no-history turns it off.")

    /// The history, on by default; `--no-history` and the config's `"history": false` turn it off.
    public static let registration = SinkRegistration(
        name: "history", summary: "records every session and phase in the history database (pacer history, pacer stats)",
        options: [SinkOption(key: "file", value: "PATH", help: "the history file (default $XDG_DATA_HOME/pacer/history.sqlite3)")],
        settings: [enabled], traits: SinkTraits(kind: .recorder, events: ["session.start", "phase.end", "session.end"]),
        isDefault: { $0.sinks.isOn(enabled) },
        // SQLite writes its journal, WAL and shared memory beside the database.
        files: { options, _, environment in
            let path = options["file"] ?? HistoryLocation.path(environment: environment)
            return [path, path + "-journal", path + "-wal", path + "-shm"]
        }
    ) { context in
        HistorySink(path: context.options["file"] ?? HistoryLocation.path(environment: context.environment), plan: plan(context.environment))
    }

    /// The user's week plan, or nil when there is none that can be read and is valid (which
    /// `pacer plan` reports; the session's summary just goes without it).
    static func plan(_ environment: [String: String]) -> WeekPlan? {
        let path = WeekPlan.path(configFolder: Environment(environment).configFolder)
        guard let bytes = try? FileSystem.read(path, limit: WeekPlan.maximumFileSize) else { return nil }
        return try? WeekPlan.decode(bytes)
    }

    public func receive(_ event: Event) throws {
        guard !broken else { return }
        switch event.payload {
        case .sessionStart(let start):
            waiting.append(.start(SessionStart(
                workout: start.workout, file: start.file, started: start.wall,
                planned: start.planned, speed: start.speed, runner: runner)))
        case .phaseEnd(let end):
            waiting.append(.phase(PhaseRecord(
                index: end.index + 1, kind: end.phase.kind, name: end.phase.name, exercise: end.phase.exercise, planned: end.phase.duration,
                active: end.active, outcome: end.outcome, reps: end.reps, weight: end.weight.map(LoggedWeight.init),
                isOpen: end.phase.isOpen, distance: end.phase.distance)))
        case .sessionEnd(let end):
            waiting.append(.end(SessionEnd(
                ended: end.wall, outcome: end.outcome, active: end.active, paused: end.paused)))
        default:
            return
        }
        guard Clocks.monotonicNanoseconds() >= nextTry else { return }
        try writeWaiting()
    }

    /// Writes what still waits, trying again until `closingPatience` has passed while the lock
    /// stays; what could not be written then is reported. Then closes the history: the last
    /// connection to close folds the write-ahead log into the database and removes it, so the
    /// next pacer to open the history does not read the log of every session before it.
    public func close() throws {
        defer { store = nil }
        let deadline = Clocks.monotonicNanoseconds() + Int64(closingPatience * 1e9)
        while !waiting.isEmpty && !broken {
            try writeWaiting()
            guard !waiting.isEmpty, Clocks.monotonicNanoseconds() < deadline else { break }
            usleep(50_000)
        }
        guard waiting.isEmpty || broken else {
            let lost = session == nil ? "this session is not recorded" : "the last \(waiting.count) records of this session are missing"
            throw HistoryError(path: path, reason: "another program kept it locked until pacer gave up: \(lost)", isLocked: true)
        }
    }

    public var closingLines: [TerminalText] {
        var lines = standing.map { [TerminalText($0)] } ?? []
        if unreadable > 0 {
            lines.append(TerminalText("history: left out \(unreadable) row\(unreadable == 1 ? "" : "s") that cannot be read ('pacer stats' names them)"))
        }
        return lines
    }

    /// Makes the waiting writes in order, stopping at the first that finds the history locked.
    private func writeWaiting() throws {
        do throws(HistoryError) {
            let store = try openStore()
            while let write = waiting.first {
                try perform(write, in: store)
                waiting.removeFirst()
            }
        } catch where error.isLocked {
            nextTry = Clocks.monotonicNanoseconds() + Int64(Self.retryInterval * 1e9)
        } catch {
            broken = true
            waiting = []
            throw error
        }
    }

    private func openStore() throws(HistoryError) -> HistoryStore {
        if let store { return store }
        let opened = try HistoryStore(path: path, busyTimeout: busyTimeout)
        store = opened
        return opened
    }

    private func perform(_ write: Write, in store: HistoryStore) throws(HistoryError) {
        switch write {
        case .start(let start):
            session = try store.startSession(start)
        case .phase(let phase):
            guard let session else { return }
            try store.recordPhase(phase, session: session)
        case .end(let end):
            guard let session else { return }
            try store.endSession(session, end)
            standing = try store.standing(ofSession: session, plan: plan)?.text
            unreadable = store.unreadableRows.count
        }
    }
}
