import Dispatch
import PacerCore
import PacerRuntime
import Testing

/// Takes about a second over each event, unless released.
private final class SlowSink: Sink {
    let gate = DispatchSemaphore(value: 0)
    let received = Recorder<Instant>()

    func receive(_ event: Event) throws {
        received.append(event.t)
        _ = gate.wait(timeout: .now() + 1)
    }

    func release() {
        for _ in 0..<64 { gate.signal() }
    }
}

/// Blocks on its first event until released.
private final class BlockedSink: Sink {
    let gate = DispatchSemaphore(value: 0)
    let received = Recorder<Instant>()
    let closes = Recorder<Int>()

    func receive(_ event: Event) throws {
        if received.count == 0 { _ = gate.wait(timeout: .now() + 5) }
        received.append(event.t)
    }

    func close() throws {
        closes.append(1)
    }

    func release() {
        gate.signal()
    }
}

/// Blocks on its first event until released; records events and snapshots in one sequence.
private final class OrderSink: Sink {
    let gate = DispatchSemaphore(value: 0)
    let log = Recorder<String>()

    func receive(_ event: Event) throws {
        if log.count == 0 { _ = gate.wait(timeout: .now() + 5) }
        log.append("event \(event.t)")
    }

    func update(_ snapshot: Snapshot) {
        log.append("snapshot \(snapshot.remaining?.clock ?? "-")")
    }
}

/// Fails on every event and on close.
private final class FailingSink: Sink {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "disk on fire" }
    }

    let attempts = Recorder<Instant>()

    func receive(_ event: Event) throws {
        attempts.append(event.t)
        throw Failure()
    }

    func close() throws {
        throw Failure()
    }
}

@Suite("SinkHub")
struct SinkHubTests {
    @Test func everySinkGetsEveryEventInOrder() {
        let first = MemorySink()
        let second = MemorySink()
        let reports = Recorder<String>()
        let hub = SinkHub([("first", first), ("second", second)]) { reports.append($0) }
        hub.publish(numberedEvents(0..<3))
        hub.publish([])
        hub.publish(numberedEvents(3..<50))
        hub.publish(numberedEvents(50..<51))
        #expect(hub.close(timeout: 2) == [])
        for sink in [first, second] {
            #expect(sink.events.all.map(\.t) == Array(0..<51))
            #expect(sink.closes.count == 1)
        }
        #expect(reports.all.isEmpty)
    }

    @Test func aSlowSinkDelaysNeitherPublishNorOtherSinks() {
        let slow = SlowSink()
        let fast = MemorySink()
        let hub = SinkHub([("slow", slow), ("fast", fast)]) { _ in }
        defer { slow.release() }

        let started = monotonicSeconds()
        for number in 0..<5 {
            hub.publish(numberedEvents(number..<number + 1))
        }
        let publishTime = monotonicSeconds() - started
        #expect(publishTime < 0.1)

        #expect(fast.events.wait(for: 5, timeout: 0.2))
        #expect(fast.events.all.map(\.t) == [0, 1, 2, 3, 4])
        // The slow sink is still on its first event.
        #expect(slow.received.all == [0])

        slow.release()
        #expect(hub.close(timeout: 1) == [])
        #expect(slow.received.all == [0, 1, 2, 3, 4])
    }

    @Test func aFailingSinkIsReportedOnceAndOthersCarryOn() {
        let bad = FailingSink()
        let good = MemorySink()
        let reports = Recorder<String>()
        let hub = SinkHub([("bad", bad), ("good", good)]) { reports.append($0) }
        hub.publish(numberedEvents(0..<3))
        hub.publish(numberedEvents(3..<6))
        #expect(hub.close(timeout: 2) == [])
        #expect(reports.all == ["the bad sink failed: disk on fire; the session goes on without what it could not take"])
        // It still got every event after its first failure.
        #expect(bad.attempts.all == [0, 1, 2, 3, 4, 5])
        #expect(good.events.all.map(\.t) == [0, 1, 2, 3, 4, 5])
    }

    @Test func aSinkThatFallsTooFarBehindLosesEventsAndIsReportedOnce() {
        let blocked = BlockedSink()
        let fast = MemorySink()
        let reports = Recorder<String>()
        let hub = SinkHub([("blocked", blocked), ("fast", fast)]) { reports.append($0) }
        defer { blocked.release() }

        let bound = SinkHub.maximumBacklog
        let total = bound + 500
        for start in stride(from: 0, to: total, by: 250) {
            hub.publish(numberedEvents(start..<start + 250))
            // The other sink keeps up (even on a busy machine), so only the blocked one falls behind.
            #expect(fast.events.wait(for: start + 250, timeout: 1))
        }
        #expect(reports.all == ["the blocked sink is falling behind; events to it are being dropped"])

        blocked.release()
        #expect(blocked.received.wait(for: bound, timeout: 1))
        // Once it has caught up, events reach it again.
        var marker = total
        while blocked.received.count == bound, marker < total + 500 {
            hub.publish(numberedEvents(marker..<marker + 1))
            marker += 1
            usleepMilliseconds(2)
        }
        #expect(hub.close(timeout: 2) == [])

        let received = blocked.received.all
        #expect(received.count == bound + 1)
        // The first `bound` events, in order; the rest were dropped.
        #expect(received.prefix(bound).elementsEqual((0..<bound).map(Instant.init)))
        #expect(received.last.map { $0 >= total } == true)
        #expect(fast.events.all.map(\.t).elementsEqual((0..<marker).map(Instant.init)))
        #expect(reports.count == 1)
    }

    @Test func closeNamesTheSinksThatDidNotFinishInTime() {
        let stuck = BlockedSink()
        let alsoStuck = BlockedSink()
        let fast = MemorySink()
        let hub = SinkHub([("stuck", stuck), ("fast", fast), ("also-stuck", alsoStuck)]) { _ in }
        defer {
            stuck.release()
            alsoStuck.release()
        }
        hub.publish(numberedEvents(0..<2))

        let started = monotonicSeconds()
        let late = hub.close(timeout: 0.2)
        let waited = monotonicSeconds() - started
        #expect(late == ["stuck", "also-stuck"])
        // One deadline for all sinks, not one per sink.
        #expect(waited >= 0.19 && waited < 0.38)
        #expect(fast.closes.count == 1)
        #expect(fast.events.count == 2)

        // Released, the late sinks still get their events and their close.
        stuck.release()
        alsoStuck.release()
        #expect(stuck.closes.wait(for: 1, timeout: 1))
        #expect(alsoStuck.closes.wait(for: 1, timeout: 1))
        #expect(stuck.received.all == [0, 1])
    }

    @Test func updatesReachSinksThatAreKeepingUp() throws {
        let sink = MemorySink()
        let hub = SinkHub([("memory", sink)]) { _ in }
        var engine = Engine(plan: Plan(name: "W", phases: [Phase(kind: .work, name: "A", duration: .seconds(10))]), file: "w.json")
        _ = engine.start(at: 0, wall: "")
        hub.update(engine.snapshot(at: 1_000_000_000))
        #expect(hub.close(timeout: 1) == [])
        let snapshots = sink.snapshots.all
        try #require(snapshots.count == 1)
        #expect(snapshots[0].remaining == .seconds(9))
    }

    @Test func aSnapshotComesAfterTheEventsBeforeItAndABusySinkGetsOnlyTheLatest() throws {
        let sink = OrderSink()
        let hub = SinkHub([("ordered", sink)]) { _ in }
        var engine = Engine(plan: Plan(name: "W", phases: [Phase(kind: .work, name: "A", duration: .seconds(10))]), file: "w.json")
        _ = engine.start(at: 0, wall: "")
        hub.publish(numberedEvents(0..<2))
        hub.update(engine.snapshot(at: 1_000_000_000))
        hub.update(engine.snapshot(at: 2_000_000_000))
        sink.gate.signal()
        #expect(hub.close(timeout: 2) == [])
        #expect(sink.log.all == ["event 0", "event 1", "snapshot 0:08"])
    }
}
