import Dispatch
import Synchronization

/// A thread-safe list that sinks and callbacks append to from their own queues.
package final class Recorder<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])

    /// An empty list.
    package init() {}

    package func append(_ item: Element) {
        items.withLock { $0.append(item) }
    }

    package var all: [Element] { items.withLock { $0 } }
    package var count: Int { items.withLock { $0.count } }

    /// Waits (polling) until `count` items are in, or `timeout` seconds have passed; true if they are.
    package func wait(for count: Int, timeout: Double) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while self.count < count {
            if DispatchTime.now().uptimeNanoseconds > deadline { return false }
            usleepMilliseconds(2)
        }
        return true
    }
}
