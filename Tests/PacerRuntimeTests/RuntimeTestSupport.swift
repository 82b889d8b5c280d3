import Dispatch
import Glibc
import PacerEngine
import PacerFoundation
import PacerRuntime
import PacerSystem
import SinkKit
import Synchronization
import Testing

/// A thread-safe list that sinks and callbacks append to from their own queues.
final class Recorder<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])

    func append(_ item: Element) {
        items.withLock { $0.append(item) }
    }

    var all: [Element] { items.withLock { $0 } }
    var count: Int { items.withLock { $0.count } }

    /// Waits (polling) until `count` items are in, or `timeout` seconds have passed; true if they are.
    func wait(for count: Int, timeout: Double) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while self.count < count {
            if DispatchTime.now().uptimeNanoseconds > deadline { return false }
            usleepMilliseconds(2)
        }
        return true
    }
}

/// A sink that keeps every event it receives, and the snapshots, replies and closes it is given.
final class MemorySink: Sink {
    let events = Recorder<Event>()
    let snapshots = Recorder<Snapshot>()
    let replies = Recorder<Reply>()
    let closes = Recorder<Int>()
    let flushes = Recorder<Int>()

    func receive(_ event: Event) throws {
        events.append(event)
    }

    func update(_ snapshot: Snapshot) {
        snapshots.append(snapshot)
    }

    func flush() throws {
        flushes.append(events.count)
    }

    func reply(_ reply: Reply) {
        replies.append(reply)
    }

    func close() throws {
        closes.append(1)
    }
}

/// A hub member: a presenter that takes snapshots unless told otherwise.
func member(
    _ name: String, _ sink: any Sink, _ kind: SinkTraits.Kind = .presenter, showsReplies: Bool = false,
    takesSnapshots: Bool = true
) -> SinkHub.Member {
    SinkHub.Member(name: name, sink: sink, traits: SinkTraits(kind: kind, showsReplies: showsReplies, takesSnapshots: takesSnapshots))
}

/// A numbered event, so tests can check order: its `t` is its number (in nanoseconds).
func numberedEvents(_ range: Range<Int>) -> [Event] {
    range.map { Event(t: Instant(nanoseconds: Int64($0)), .pause) }
}

/// The numbers of numbered events.
func numbers(_ events: [Event]) -> [Int] {
    events.map { Int($0.t.nanoseconds) }
}

func usleepMilliseconds(_ milliseconds: Int) {
    let semaphore = DispatchSemaphore(value: 0)
    _ = semaphore.wait(timeout: .now() + .milliseconds(milliseconds))
}

/// Seconds since an arbitrary origin, on the monotonic clock.
func monotonicSeconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

/// A fresh folder under /tmp, removed afterwards with what is in it.
struct Folder: ~Copyable {
    let path: String

    init() throws {
        path = "/tmp/pacer-fs-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try #require(mkdir(path, 0o700) == 0)
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit {
        Self.remove(path)
    }

    private static func remove(_ path: String) {
        for name in FileSystem.contents(of: path) where unlink(path + "/" + name) != 0 {
            remove(path + "/" + name)
        }
        rmdir(path)
    }
}
