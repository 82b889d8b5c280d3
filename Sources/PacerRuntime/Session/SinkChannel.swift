import Dispatch
import PacerEngine
import PacerSystem
import Synchronization

/// One sink with its queue, what waits for it, and what it has been warned about.
final class SinkChannel: Sendable {
    /// Something waiting for the sink.
    enum Item: Sendable {
        case event(Event)
        case reply(Reply)
    }

    private struct Pending {
        var items: [Item] = []
        var snapshot: Snapshot?
        /// Whether a delivery job is queued or running.
        var scheduled = false
        var closed = false
    }

    let member: SinkHub.Member
    let group = DispatchGroup()
    private let queue: DispatchQueue
    /// The most items that may wait; nil for a recorder, which never drops.
    private let backlog: Int?
    private let pending = Mutex(Pending())
    private let droppingReported = OnceFlag()
    private let failed = OnceFlag()
    /// Tells the user about trouble with the sink.
    private let report: @Sendable (String) -> Void

    init(_ member: SinkHub.Member, backlog: Int?, report: @escaping @Sendable (String) -> Void) {
        self.member = member
        self.backlog = backlog
        self.report = report
        queue = DispatchQueue(label: "pacer.sink.\(member.name)", target: member.target)
    }

    var hasFailed: Bool { failed.isSet }

    /// Adds items for the sink, dropping the oldest waiting ones past the backlog bound.
    func enqueue(_ items: [Item]) {
        let (startDelivery, dropped) = pending.withLock { pending -> (Bool, Bool) in
            guard !pending.closed else { return (false, false) }
            pending.items += items
            // A snapshot taken before these items would show the session as it was before them.
            pending.snapshot = nil
            var dropped = false
            if let backlog, pending.items.count > backlog {
                pending.items.removeFirst(pending.items.count - backlog)
                dropped = true
            }
            return (schedule(&pending), dropped)
        }
        if dropped, droppingReported.setFirst() {
            report("the \(member.name) sink is falling behind; the oldest events waiting for it are being dropped")
        }
        if startDelivery { deliver() }
    }

    /// Makes `snapshot` the one to deliver after the items waiting now.
    func offer(_ snapshot: Snapshot) {
        let startDelivery = pending.withLock { pending -> Bool in
            guard !pending.closed else { return false }
            pending.snapshot = snapshot
            return schedule(&pending)
        }
        if startDelivery { deliver() }
    }

    /// Delivers what is waiting, then closes the sink; nothing is taken after this.
    func close() {
        pending.withLock { $0.closed = true }
        group.enter()
        queue.async { [self] in
            // Any delivery job queued before this one has run: what was published is delivered.
            do {
                try member.sink.close()
            } catch {
                fail(error)
            }
            group.leave()
        }
    }

    /// Marks a delivery as scheduled; true if the caller must start one.
    private func schedule(_ pending: inout Pending) -> Bool {
        guard !pending.scheduled else { return false }
        pending.scheduled = true
        return true
    }

    /// Takes batches of waiting items and hands them to the sink until nothing waits.
    private func deliver() {
        group.enter()
        queue.async { [self] in
            while let (items, snapshot) = takeBatch() {
                for item in items {
                    switch item {
                    case .event(let event):
                        do {
                            try member.sink.receive(event)
                        } catch {
                            fail(error)
                        }
                    case .reply(let reply):
                        member.sink.reply(reply)
                    }
                }
                do {
                    try member.sink.flush()
                } catch {
                    fail(error)
                }
                if let snapshot { member.sink.update(snapshot) }
            }
            group.leave()
        }
    }

    /// Everything waiting, or nil (and no delivery scheduled any more) when nothing is.
    private func takeBatch() -> ([Item], Snapshot?)? {
        pending.withLock { pending in
            guard !pending.items.isEmpty || pending.snapshot != nil else {
                pending.scheduled = false
                return nil
            }
            defer {
                pending.items = []
                pending.snapshot = nil
            }
            return (pending.items, pending.snapshot)
        }
    }

    /// Tells the user once that the sink failed; later failures are silent.
    private func fail(_ error: any Error) {
        guard failed.setFirst() else { return }
        report("the \(member.name) sink failed: \(error); the session goes on without what it could not take")
    }
}
