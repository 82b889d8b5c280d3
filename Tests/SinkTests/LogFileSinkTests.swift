import Glibc
import LogFileSink
import PacerEngine
import PacerFoundation
import Testing

@Suite("LogFileSink")
struct LogFileSinkTests {
    private static func sampleEvents() -> [Event] {
        var session = Session([work("Squats", 5, cue: "Chest \"up\""), rest(3)])
        return session.start() + session.command(.pause, at: 1) + session.command(.resume, at: 2) + session.runToEnd()
    }

    @Test func writesOneJSONLinePerEvent() throws {
        let path = temporaryPath(".jsonl")
        defer { unlink(path) }
        let events = Self.sampleEvents()
        let sink = try LogFileSink(path: path)
        #expect(sink.path == path)
        for event in events {
            try sink.receive(event)
        }
        try sink.close()

        let text = try #require(readFile(path))
        #expect(text == events.map { $0.jsonLine + "\n" }.joined())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == events.count + 1)
        #expect(lines.last == "")
        #expect(lines.first?.hasPrefix(#"{"event":"session.start","t":0.000,"due":0.000,"workout":"Test""#) == true)
        #expect(
            lines.dropLast().last
                == #"{"event":"session.end","t":9.000,"outcome":"completed","active":8,"paused":1,"wall":"2026-11-30T07:00:00+01:00","worked":5,"rested":3,"warmed_up":0,"cooled_down":0,"completed":2,"skipped":0,"skipped_time":0,"sets":[]}"#
        )
    }

    @Test func appendsToAnExistingFile() throws {
        let path = temporaryPath(".jsonl")
        defer { unlink(path) }
        try #require(writeFile(path, "{\"event\":\"older\"}\n"))
        let events = Self.sampleEvents()

        let first = try LogFileSink(path: path)
        try first.receive(events[0])
        try first.close()
        let second = try LogFileSink(path: path)
        try second.receive(events[1])
        try second.close()

        #expect(readFile(path) == "{\"event\":\"older\"}\n" + events[0].jsonLine + "\n" + events[1].jsonLine + "\n")
    }

    @Test func aPathThatCannotBeOpenedIsAnErrorNamingIt() throws {
        let path = temporaryPath("-missing-folder") + "/log.jsonl"
        let error = try #require(throws: LogFileError.self) {
            _ = try LogFileSink(path: path)
        }
        #expect(error.path == path)
        #expect(error.reason == "No such file or directory")
        guard case .notOpened(path: path, errno: ENOENT) = error else {
            Issue.record("not .notOpened: \(error)")
            return
        }
        #expect(error.description == "cannot write the log \(path): No such file or directory")
    }

    @Test func aFailedWriteIsAnErrorWhenTheBatchIsWritten() throws {
        let sink = try LogFileSink(path: "/dev/full")
        defer { try? sink.close() }
        try sink.receive(Event(t: .start, .pause))
        let error = try #require(throws: LogFileError.self) {
            try sink.flush()
        }
        #expect(error.description == "cannot write the log /dev/full: No space left on device")
        guard case .unwritten(path: "/dev/full", let failure) = error, case .system("No space left on device") = failure.reason else {
            Issue.record("not .unwritten: \(error)")
            return
        }
    }

    @Test func aBatchIsWrittenWhole() throws {
        let path = temporaryPath(".jsonl")
        defer { unlink(path) }
        let events = Self.sampleEvents()
        let sink = try LogFileSink(path: path)
        for event in events {
            try sink.receive(event)
        }
        #expect(readFile(path) == "", "nothing is written before the batch ends")
        try sink.flush()
        #expect(readFile(path) == events.map { $0.jsonLine + "\n" }.joined())
        try sink.close()
    }

    // Issue 7, item 17: `--log fifo` with no reader blocked before the session started.
    @Test func aFIFOWithoutAReaderIsRefusedAtOnce() throws {
        let path = temporaryPath(".fifo")
        defer { unlink(path) }
        try #require(mkfifo(path, 0o600) == 0)
        let error = try #require(throws: LogFileError.self) {
            _ = try LogFileSink(path: path)
        }
        #expect(error.reason == "it is a FIFO that nobody is reading")
        guard case .unreadFIFO(path: path) = error else {
            Issue.record("not .unreadFIFO: \(error)")
            return
        }
    }
}
