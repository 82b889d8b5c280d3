import Glibc
import HistoryTestSupport
import PacerEngine
import PacerFoundation
import PacerWorkout
import Testing

@testable import History
@testable import HistorySink

/// The sink against a history another connection keeps locked: what waits is written when the
/// lock goes, and reported once when it never does.
@Suite("HistorySink: a locked history")
struct HistorySinkTests {
    /// A session's events as the sink sees them: its start, `phases` work phases ending, its end.
    static func session(phases: Int) -> [Event] {
        let work = Phase(kind: .work, name: "Sprint", duration: .seconds(20))
        return [
            Event(
                t: .start,
                .sessionStart(
                    .init(
                        workout: "Locked out", file: "/w/l.json", phases: phases, planned: .seconds(20 * Int64(phases)),
                        wall: wall("2026-11-30T07:00:00+01:00"), speed: 1)))
        ]
            + (0..<phases).map {
                Event(t: .seconds(Double($0 + 1)), .phaseEnd(.init(index: $0, phase: work, outcome: .completed, active: .seconds(20))))
            }
            + [
                Event(
                    t: .seconds(Double(phases + 1)),
                    .sessionEnd(
                        .init(
                            outcome: .completed, active: .seconds(20 * Int64(phases)),
                            paused: .zero, wall: wall("2026-11-30T07:01:00+01:00"))))
            ]
    }

    /// A history with one session in it, and a second connection holding its write lock.
    static func lockedHistory(in folder: TemporaryFolder) throws -> (path: String, holder: SQLiteDatabase) {
        let path = folder.file("history.sqlite3")
        try HistoryStore(path: path).record(at: "2026-11-29T07:00:00+01:00")
        let holder = try SQLiteDatabase(path: path, create: false, busyTimeout: 0)
        try holder.run("BEGIN EXCLUSIVE")
        return (path, holder)
    }

    @Test func whatWaitsForALockIsWrittenWholeOnceTheLockIsGone() throws {
        let folder = try TemporaryFolder()
        let (path, holder) = try Self.lockedHistory(in: folder)
        let sink = HistorySink(path: path, busyTimeout: 20)
        let events = Self.session(phases: 3)
        for event in events.dropLast() { try sink.receive(event) }
        #expect(try HistoryStore.existing(at: path)?.sessions().count == 1, "nothing could be written yet")

        try holder.run("COMMIT")
        try sink.receive(events[events.count - 1])
        try sink.close()
        let sessions = try #require(try HistoryStore.existing(at: path)?.sessions(withPhases: true))
        #expect(sessions.count == 2 && sessions[0].workout == "Locked out" && sessions[0].outcome == .completed, "\(sessions)")
        #expect(sessions[0].phases.map(\.index) == [1, 2, 3])
        #expect(
            sink.closingLines.map(\.plain) == ["1st session this week · streak 2 days"], "a new ISO week, the day after the last session")
    }

    @Test func closingFoldsTheWriteAheadLogIntoTheHistory() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        let sink = HistorySink(path: path)
        for event in Self.session(phases: 3) { try sink.receive(event) }
        #expect(access(path + "-wal", F_OK) == 0, "the session is written to the log while it runs")
        try sink.close()
        #expect(access(path + "-wal", F_OK) != 0, "the log is folded in and removed at the end")
        #expect(try HistoryStore.existing(at: path)?.sessions(withPhases: true).first?.phases.count == 3)
    }

    @Test func aLockThatOutlastsThePatienceIsReportedOnceAtTheEnd() throws {
        let folder = try TemporaryFolder()
        let (path, holder) = try Self.lockedHistory(in: folder)
        let sink = HistorySink(path: path, closingPatience: 0.2, busyTimeout: 20)
        for event in Self.session(phases: 2) { try sink.receive(event) }
        let error = try #require(throws: HistoryError.self) { try sink.close() }
        #expect(
            error.description
                == "cannot use the history \(path): another program kept it locked until pacer gave up: this session is not recorded")
        try holder.run("ROLLBACK")
        #expect(try HistoryStore.existing(at: path)?.sessions().count == 1)
    }
}
