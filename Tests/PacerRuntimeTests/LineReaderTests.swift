import Dispatch
import Glibc
import PacerEngine
import PacerRuntime
import PacerTestSupport
import Synchronization
import Testing

/// Linux's fcntl command for a pipe's capacity (not exported by Glibc's module).
private let getPipeSizeCommand: Int32 = 1032

/// A pipe: what is written to `write` is read from `read`.
private func makePipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    return (ends[0], ends[1])
}

private func writeAll(_ descriptor: Int32, _ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        written += count
    }
    return true
}

/// What a reader handed over: the lines, and how many times it said its input ended.
private final class Inbox: Sendable {
    let lines = Recorder<String>()
    let ends = Recorder<Int>()
    /// While holding, lines are taken but not carried out: their completions wait.
    private let held = Mutex<(holding: Bool, completions: [@Sendable () -> Void])>((false, []))

    init(holding: Bool = false) {
        held.withLock { $0.holding = holding }
    }

    var inbox: CommandInbox {
        CommandInbox(
            deliver: { [self] input, completion in
                if case .line(let line) = input { lines.append(line) }
                let later = held.withLock { state -> Bool in
                    if state.holding { state.completions.append(completion) }
                    return state.holding
                }
                if !later { completion() }
            }, finish: { [self] in ends.append(1) })
    }

    /// Carries out what was held, and everything from now on at once.
    func release() {
        let waiting = held.withLock { state in
            state.holding = false
            defer { state.completions = [] }
            return state.completions
        }
        waiting.forEach { $0() }
    }
}

@Suite("LineReader")
struct LineReaderTests {
    // Issue 7, item 1: piped commands were lost after the first 4 KiB when the writer had already closed the pipe.
    @Test func everyLineOfAPipeClosedBeforeTheFirstReadIsHandedOverInOrder() throws {
        let (readEnd, writeEnd) = try makePipe()
        defer { close(readEnd) }
        let lines = Array(repeating: "status", count: 600) + ["quit"]
        #expect(writeAll(writeEnd, lines.joined(separator: "\n") + "\n"))
        close(writeEnd)
        let inbox = Inbox()
        LineReader(descriptor: readEnd).start(inbox.inbox)
        #expect(inbox.ends.wait(for: 1, timeout: 5))
        #expect(inbox.lines.all == lines)
        #expect(inbox.ends.count == 1)
    }

    // Issue 7, item 1: a single 5,000-byte line swallowed the quit after it.
    @Test func aLongLineIsCutToTheLimitAndTheLinesAfterItAreKept() throws {
        let (readEnd, writeEnd) = try makePipe()
        defer { close(readEnd) }
        let limit = LineReader.maximumLineLength
        #expect(writeAll(writeEnd, String(repeating: "x", count: 5_000) + "\nquit\r\n" + String(repeating: "y", count: limit) + "\nlast"))
        close(writeEnd)
        let inbox = Inbox()
        LineReader(descriptor: readEnd).start(inbox.inbox)
        #expect(inbox.ends.wait(for: 1, timeout: 5))
        #expect(inbox.lines.all == [String(repeating: "x", count: limit), "quit", String(repeating: "y", count: limit), "last"])
    }

    // Issue 7, item 4: a flood was read into memory as fast as it came; the pipe must push back
    // instead, the next line read only once the one before was carried out.
    @Test func theNextLineIsReadOnlyAfterThePreviousWasCarriedOut() throws {
        let (readEnd, writeEnd) = try makePipe()
        defer { close(readEnd) }
        let capacity = Int(fcntl(writeEnd, getPipeSizeCommand))
        try #require(capacity > 0)
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        let inbox = Inbox(holding: true)
        LineReader(descriptor: readEnd).start(inbox.inbox)

        // Write until the pipe refuses more; once the reader holds its first line, it takes no more.
        let line = Array("status\n".utf8)
        func fill() -> Int {
            var count = 0
            while line.withUnsafeBytes({ write(writeEnd, $0.baseAddress, $0.count) }) == line.count { count += line.count }
            return count
        }
        var written = fill()
        #expect(inbox.lines.wait(for: 1, timeout: 5), "the first line never arrived")
        written += fill()
        usleepMilliseconds(100)
        #expect(fill() == 0, "the reader read on while its line waited to be carried out")
        #expect(inbox.lines.count == 1, "one line is handed over at a time")
        // What the pipe holds, plus at most one read's worth taken by the reader.
        #expect(written <= capacity + 65_536 + line.count, "\(written) bytes were taken while the first line waited")
        // Full: Linux keeps a pipe as pages and adds a small write to the last page only when it
        // fits whole, so each page holds whole lines and leaves the rest of its room unused (with
        // 7-byte lines, 4,095 of 4,096 bytes), however little the reader took.
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let wholeLinesPerPage = pageSize / line.count * line.count
        #expect(written >= capacity / pageSize * wholeLinesPerPage, "the pipe filled up: \(written)")

        // Let everything through: every line arrives, in order, and then the end.
        inbox.release()
        close(writeEnd)
        #expect(inbox.ends.wait(for: 1, timeout: 10))
        #expect(inbox.lines.count == written / line.count)
        #expect(inbox.lines.all.allSatisfy { $0 == "status" })
    }

    @Test func afterStopNothingMoreIsHandedOverAndTheEndIsNotAnnounced() throws {
        let (readEnd, writeEnd) = try makePipe()
        defer {
            close(readEnd)
            close(writeEnd)
        }
        let inbox = Inbox()
        let reader = LineReader(descriptor: readEnd)
        reader.start(inbox.inbox)
        #expect(writeAll(writeEnd, "pause\n"))
        #expect(inbox.lines.wait(for: 1, timeout: 2))
        reader.stop()
        #expect(writeAll(writeEnd, "skip\nquit\n"))
        usleepMilliseconds(100)
        #expect(inbox.lines.all == ["pause"])
        #expect(inbox.ends.count == 0)
    }
}
