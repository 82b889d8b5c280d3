import Glibc
import History
import PacerEngine
import PacerFoundation
import PacerSystem
import PacerWeekPlan
import SinkKit
import Synchronization

/// Records every session in the history database as it happens: the session when it starts, each
/// phase as it ends, the end; then says how the session stands ("3rd session this week · …"),
/// against the user's week plan too when there is one.
/// While another program holds the history's lock, what is to be written waits and is written
/// when the lock is gone: on a later event, or at the end within `closingPatience`. A history that
/// cannot be used, or stays locked past that, is reported once and the session goes on.
public final class HistorySink: Sink {
    /// How long the end of a session keeps trying to write what waits for a lock, in seconds.
    public static let defaultClosingPatience = 10.0

    /// Only the sink's queue uses the recorder; the lock lets the compiler check that.
    private let recorder: Mutex<HistoryRecorder>

    public init(
        path: String, plan: WeekPlan? = nil, closingPatience: Double = defaultClosingPatience,
        busyTimeout: Int32 = HistoryStore.defaultBusyTimeout
    ) {
        recorder = Mutex(HistoryRecorder(path: path, plan: plan, closingPatience: closingPatience, busyTimeout: busyTimeout))
    }

    /// `--no-history` and the config's `"history": false`.
    public static let enabled = SinkSetting(
        .enabled, key: "history", flag: "--no-history", help: "do not record this session in the history",
        configHelp: "Whether sessions are recorded in the history (default true); --no-history turns it off.")

    /// The history, on by default; `--no-history` and the config's `"history": false` turn it off.
    public static let registration = SinkRegistration(
        name: "history", summary: "records every session and phase in the history database (pacer history, pacer stats)",
        options: [SinkOption(key: "file", value: "PATH", help: "the history file (default $XDG_DATA_HOME/pacer/history.sqlite3)")],
        settings: [enabled],
        traits: SinkTraits(kind: .recorder, events: [.sessionStart, .phaseStart, .pause, .resume, .sample, .phaseEnd, .sessionEnd]),
        runsByDefault: .unlessTurnedOff(by: enabled),
        // SQLite writes its journal, WAL and shared memory beside the database.
        files: { options, _, environment in
            let path = options["file"] ?? HistoryLocation.path(environment: environment)
            return [path, path + "-journal", path + "-wal", path + "-shm"]
        }
    ) { context in
        HistorySink(
            path: context.options["file"] ?? HistoryLocation.path(environment: context.environment), plan: plan(context.environment))
    }

    /// The user's week plan, or nil when there is none that can be read and is valid (which
    /// `pacer plan` reports; the session's summary just goes without it).
    static func plan(_ environment: [String: String]) -> WeekPlan? {
        let path = WeekPlan.path(configFolder: Environment(environment).configFolder)
        guard let bytes = try? FileSystem.read(path, limit: WeekPlan.maximumFileSize) else { return nil }
        return try? WeekPlan.decode(bytes)
    }

    public func receive(_ event: Event) throws {
        try recorder.withLock { try $0.receive(event) }
    }

    /// Writes what still waits, then closes the history (see `HistoryRecorder.close`).
    public func close() throws {
        try recorder.withLock { try $0.close() }
    }

    public var closingLines: [TerminalText] {
        recorder.withLock { recorder in
            var lines = recorder.standing.map { [TerminalText($0)] } ?? []
            if recorder.unreadable > 0 {
                let rows = recorder.unreadable == 1 ? "1 row" : "\(recorder.unreadable) rows"
                lines.append(TerminalText("history: left out \(rows) that cannot be read ('pacer stats' names them)"))
            }
            return lines
        }
    }
}
