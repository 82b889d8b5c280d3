import Dispatch
import PacerCore
import Synchronization

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

/// A sink that keeps every event it receives, and the snapshots and closes it is given.
final class MemorySink: Sink {
    let events = Recorder<Event>()
    let snapshots = Recorder<Snapshot>()
    let closes = Recorder<Int>()

    func receive(_ event: Event) throws {
        events.append(event)
    }

    func update(_ snapshot: Snapshot) {
        snapshots.append(snapshot)
    }

    func close() throws {
        closes.append(1)
    }
}

/// A numbered event, so tests can check order: its `t` is its number.
func numberedEvents(_ range: Range<Int>) -> [Event] {
    range.map { Event(t: Instant($0), .pause) }
}

func usleepMilliseconds(_ milliseconds: Int) {
    let semaphore = DispatchSemaphore(value: 0)
    _ = semaphore.wait(timeout: .now() + .milliseconds(milliseconds))
}

/// Seconds since an arbitrary origin, on the monotonic clock.
func monotonicSeconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}
