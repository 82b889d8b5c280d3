import Dispatch
import PacerCore
import Synchronization

/// Fans events out to every sink, each on its own serial queue, so a slow or failing sink
/// never delays the clock or another sink.
public final class SinkHub: Sendable {
    /// How many events may wait for one sink before further events to it are dropped.
    public static let maximumBacklog = 10_000

    private let channels: [SinkChannel]
    private let report: @Sendable (String) -> Void

    /// `report` receives one message per sink that fails or falls behind.
    public init(_ sinks: [(name: String, sink: any Sink)], report: @escaping @Sendable (String) -> Void) {
        channels = sinks.map { SinkChannel(name: $0.name, sink: $0.sink) }
        self.report = report
    }

    public func publish(_ events: [Event]) {
        guard !events.isEmpty else { return }
        for channel in channels {
            let accepted = channel.enqueue(count: events.count)
            if accepted < events.count, channel.warnOnce(.dropping) {
                report("the \(channel.name) sink is falling behind; events to it are being dropped")
            }
            guard accepted > 0 else { continue }
            let batch = Array(events.prefix(accepted))
            channel.queue.async(group: channel.group) { [report] in
                for event in batch {
                    do {
                        try channel.sink.receive(event)
                    } catch {
                        channel.reportFailure(error, to: report)
                    }
                }
                channel.backlog.subtract(batch.count, ordering: .relaxed)
            }
        }
    }

    /// Passes a message for the user to every sink, after the events already published.
    public func note(_ text: String) {
        for channel in channels {
            channel.queue.async(group: channel.group) { channel.sink.note(text) }
        }
    }

    /// Passes a snapshot to every sink after the events published before it. Snapshots do not
    /// pile up: a sink that is behind gets only the latest one when it catches up.
    public func update(_ snapshot: Snapshot) {
        for channel in channels where channel.replacePendingSnapshot(with: snapshot) {
            channel.queue.async(group: channel.group) {
                if let latest = channel.takePendingSnapshot() { channel.sink.update(latest) }
            }
        }
    }

    /// Waits up to `timeout` seconds for every sink to take the events published so far.
    public func drain(timeout: Double) {
        let deadline = DispatchTime.now() + timeout
        for channel in channels {
            _ = channel.group.wait(timeout: deadline)
        }
    }

    /// Waits up to `timeout` seconds for the sinks to take their events, then closes them.
    /// Returns the names of sinks that did not finish in time.
    @discardableResult
    public func close(timeout: Double) -> [String] {
        let deadline = DispatchTime.now() + timeout
        var late: [String] = []
        for channel in channels {
            channel.queue.async(group: channel.group) { [report] in
                do {
                    try channel.sink.close()
                } catch {
                    channel.reportFailure(error, to: report)
                }
            }
        }
        for channel in channels where channel.group.wait(timeout: deadline) == .timedOut {
            late.append(channel.name)
        }
        return late
    }
}

/// One sink with its queue and its counters.
private final class SinkChannel: Sendable {
    let name: String
    let sink: any Sink
    let queue: DispatchQueue
    let group = DispatchGroup()
    let backlog = Atomic<Int>(0)
    let droppedReported = Atomic<Bool>(false)
    let failureReported = Atomic<Bool>(false)
    private let pendingSnapshot = Mutex<Snapshot?>(nil)

    init(name: String, sink: any Sink) {
        self.name = name
        self.sink = sink
        queue = DispatchQueue(label: "pacer.sink.\(name)")
    }

    /// Makes `snapshot` the one to deliver next; true when none was waiting (a delivery must be queued).
    func replacePendingSnapshot(with snapshot: Snapshot) -> Bool {
        pendingSnapshot.withLock { pending in
            defer { pending = snapshot }
            return pending == nil
        }
    }

    func takePendingSnapshot() -> Snapshot? {
        pendingSnapshot.withLock { pending in
            defer { pending = nil }
            return pending
        }
    }

    /// Reserves room for up to `count` events; returns how many fit under the backlog bound.
    func enqueue(count: Int) -> Int {
        var current = backlog.load(ordering: .relaxed)
        while true {
            let accepted = max(0, min(count, SinkHub.maximumBacklog - current))
            let (exchanged, original) = backlog.compareExchange(expected: current, desired: current + accepted, ordering: .relaxed)
            if exchanged { return accepted }
            current = original
        }
    }

    /// What a sink can be warned about.
    enum Trouble {
        case dropping, failing
    }

    /// Tells the user once that the sink failed; later failures are silent.
    func reportFailure(_ error: any Error, to report: @Sendable (String) -> Void) {
        if warnOnce(.failing) {
            report("the \(name) sink failed: \(error); the session goes on without what it could not take")
        }
    }

    /// True the first time it is called for a kind of trouble.
    func warnOnce(_ trouble: Trouble) -> Bool {
        switch trouble {
        case .dropping: !droppedReported.exchange(true, ordering: .relaxed)
        case .failing: !failureReported.exchange(true, ordering: .relaxed)
        }
    }
}
