import Dispatch
import Glibc
import HistoryTestSupport
import PacerEngine
import Synchronization
import Testing

@testable import History
@testable import PacerFoundation

@Suite("HistoryStore: two writers, locks and broken files")
struct FailureTests {
    @Test func twoWritersAtOnceLoseNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        let failures = Mutex<[String]>([])
        let perWriter = 40
        // Both writers open a history that does not exist yet: creation and migration race too.
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            do {
                let store = try HistoryStore(path: path, busyTimeout: 10_000)
                for number in 0..<perWriter {
                    try store.record(
                        "Writer \(writer)", at: "2026-11-30T07:\(CalendarDay.twoDigits(number)):00+00:00",
                        phases: [work(1), work(2)], outcome: number % 5 == 0 ? nil : .completed)
                }
            } catch {
                failures.withLock { $0.append("writer \(writer): \(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let store = try #require(try HistoryStore.existing(at: path))
        let sessions = try store.sessions(withPhases: true)
        #expect(sessions.count == 2 * perWriter)
        #expect(sessions.filter { $0.workout == "Writer 0" }.count == perWriter)
        #expect(sessions.allSatisfy { $0.phases.map(\.index) == [1, 2] })
        #expect(sessions.filter { $0.outcome == nil }.count == 2 * perWriter / 5)
        #expect(try sql(path, "PRAGMA integrity_check") == ["ok"])
    }

    @Test func aWriterWaitsForALockAndThenReportsItInOneLine() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        let store = try HistoryStore(path: path, busyTimeout: 100)
        try store.record(at: "2026-11-30T07:00:00+00:00")
        let holder = try SQLiteDatabase(path: path, create: false, busyTimeout: 0)
        try holder.run("BEGIN EXCLUSIVE")

        let error = try #require(throws: HistoryError.self) { try store.record(at: "2026-11-30T08:00:00+00:00") }
        #expect(error.description == "cannot use the history \(path): database is locked")
        // A WAL reader still sees the last committed state while the writer holds its lock.
        #expect(try HistoryStore.existing(at: path, busyTimeout: 100)?.sessions().count == 1)

        try holder.run("COMMIT")
        try store.record(at: "2026-11-30T09:00:00+00:00")
        #expect(try store.sessions().count == 2)
    }

    @Test func aLockedHistoryInRollbackModeIsReportedToReaders() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        try HistoryStore(path: path).record(at: "2026-11-30T07:00:00+00:00")
        let holder = try SQLiteDatabase(path: path, create: false, busyTimeout: 0)
        try holder.run("PRAGMA journal_mode = DELETE")
        try holder.run("BEGIN EXCLUSIVE")
        try holder.run("UPDATE sessions SET workout = workout")

        let error = try #require(throws: HistoryError.self) { _ = try HistoryStore.existing(at: path, busyTimeout: 100)?.sessions() }
        #expect(error.reason == "database is locked")
        guard case .locked(path: path, reason: "database is locked") = error else {
            Issue.record("not .locked: \(error)")
            return
        }
        try holder.run("ROLLBACK")
    }

    @Test func garbageIsReportedAsNotADatabaseAndLeftAlone() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        writeFile(path, garbage)

        let reading = try #require(throws: HistoryError.self) { _ = try HistoryStore.existing(at: path) }
        #expect(reading.description == "cannot use the history \(path): file is not a database")
        let writing = try #require(throws: HistoryError.self) { _ = try HistoryStore(path: path) }
        #expect(writing.reason == "file is not a database")
        guard case .unusable(path: path, reason: "file is not a database") = reading else {
            Issue.record("not .unusable: \(reading)")
            return
        }
        #expect(readFile(path) == garbage)
    }

    @Test func aTruncatedDatabaseIsReportedNotCrashedOn() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.sqlite3")
        do {
            let store = try HistoryStore(path: path)
            for hour in 10..<20 { try store.record(at: "2026-11-30T\(hour):00:00+00:00", phases: (1...30).map { work($0) }) }
            _ = try sql(path, "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let bytes = readFile(path)
        writeFile(path, Array(bytes.prefix(bytes.count / 2)) + Array(repeating: 0xAB, count: 4096))
        let error = try #require(throws: HistoryError.self) { _ = try HistoryStore.existing(at: path)?.sessions(withPhases: true) }
        #expect(error.reason.contains("malformed") || error.reason.contains("not a database"), "\(error)")
    }

    @Test func aFolderInPlaceOfTheFileIsReported() throws {
        let folder = try TemporaryFolder()
        let error = try #require(throws: HistoryError.self) { _ = try HistoryStore.existing(at: folder.path) }
        #expect(error.description == "cannot use the history \(folder.path): unable to open database file")
    }
}
