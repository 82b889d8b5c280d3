import Dispatch
import PacerEngine
import PacerFoundation
import PacerRuntime
import PacerTestSupport
import PacerWorkout
import SinkKit
import Testing

/// Blocks on its first event until released (or 5 s pass).
private final class BlockedSink: Sink {
    let gate = DispatchSemaphore(value: 0)
    /// Every event it has started to take.
    let entered = Recorder<Int>()
    let received = Recorder<Int>()
    let closes = Recorder<Int>()

    func receive(_ event: Event) throws {
        entered.append(Int(event.t.nanoseconds))
        if received.count == 0 { _ = gate.wait(timeout: .now() + 5) }
        received.append(Int(event.t.nanoseconds))
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
    /// Set once it is blocked on its first event: what comes now waits behind it.
    let blocked = Recorder<Int>()

    func receive(_ event: Event) throws {
        if log.count == 0 {
            blocked.append(1)
            _ = gate.wait(timeout: .now() + 5)
        }
        log.append("event \(event.t.nanoseconds)")
    }

    func reply(_ reply: Reply) {
        log.append("reply \(reply.command)")
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

    let attempts = Recorder<Int>()

    func receive(_ event: Event) throws {
        attempts.append(Int(event.t.nanoseconds))
        throw Failure()
    }

    func close() throws {
        throw Failure()
    }
}

/// Has something to say after the summary.
private final class ClosingSink: Sink {
    func receive(_ event: Event) throws {}
    var closingLines: [TerminalText] { ["3rd session this week"] }
}

@Suite("SinkHub")
struct SinkHubTests {
    @Test func everySinkGetsEveryEventInOrderInBatches() {
        let first = MemorySink()
        let second = MemorySink()
        let reports = Recorder<String>()
        let hub = SinkHub([member("first", first), member("second", second, .recorder)]) { reports.append($0) }
        hub.publish(numberedEvents(0..<3))
        hub.publish([])
        hub.publish(numberedEvents(3..<50))
        hub.publish(numberedEvents(50..<51))
        let closing = hub.close(timeout: 2)
        #expect(closing.late.isEmpty && closing.failedRecorders.isEmpty)
        for sink in [first, second] {
            #expect(numbers(sink.events.all) == Array(0..<51))
            #expect(sink.closes.count == 1)
            // Flushed after each batch, at most once per publish.
            #expect(sink.flushes.count >= 1 && sink.flushes.count <= 3 && sink.flushes.all.last == 51)
        }
        #expect(reports.all.isEmpty)
    }

    @Test func aSlowSinkDelaysNeitherPublishNorOtherSinks() {
        let slow = BlockedSink()
        let fast = MemorySink()
        let hub = SinkHub([member("slow", slow), member("fast", fast)]) { _ in }
        defer { slow.release() }

        let started = monotonicSeconds()
        for number in 0..<5 {
            hub.publish(numberedEvents(number..<number + 1))
        }
        #expect(monotonicSeconds() - started < 0.5, "publishing waited for the blocked sink")
        #expect(fast.events.wait(for: 5, timeout: 1))
        #expect(numbers(fast.events.all) == [0, 1, 2, 3, 4])
        #expect(slow.received.count == 0)

        slow.release()
        #expect(hub.close(timeout: 1).late.isEmpty)
        #expect(slow.received.all == [0, 1, 2, 3, 4])
    }

    @Test func aFailingSinkIsReportedOnceAndOthersCarryOn() {
        let bad = FailingSink()
        let good = MemorySink()
        let reports = Recorder<String>()
        let hub = SinkHub([member("bad", bad), member("good", good)]) { reports.append($0) }
        hub.publish(numberedEvents(0..<3))
        hub.publish(numberedEvents(3..<6))
        let closing = hub.close(timeout: 2)
        #expect(closing.late.isEmpty)
        #expect(closing.failedRecorders.isEmpty, "a failing presenter is not a failed recorder")
        #expect(reports.all == ["the bad sink failed: disk on fire; the session goes on without what it could not take"])
        #expect(bad.attempts.all == [0, 1, 2, 3, 4, 5])
        #expect(numbers(good.events.all) == [0, 1, 2, 3, 4, 5])
    }

    // Issue 7, item 3: a recorder that failed (`--log /dev/full`) must make the exit status 1.
    @Test func aFailingRecorderIsNamedAtTheEnd() {
        let hub = SinkHub([member("log", FailingSink(), .recorder)]) { _ in }
        hub.publish(numberedEvents(0..<1))
        #expect(hub.close(timeout: 2).failedRecorders == ["log"])
    }

    // Issue 7, item 3: the log lost every event past 10,000 waiting, session.end included.
    @Test func aRecorderThatFallsFarBehindLosesNothing() {
        let blocked = BlockedSink()
        let reports = Recorder<String>()
        let hub = SinkHub([member("log", blocked, .recorder)]) { reports.append($0) }
        let total = SinkHub.presenterBacklog * 30
        for start in stride(from: 0, to: total, by: 500) {
            hub.publish(numberedEvents(start..<start + 500))
        }
        blocked.release()
        #expect(hub.close(timeout: 5).late.isEmpty)
        #expect(blocked.received.all == Array(0..<total))
        #expect(reports.all.isEmpty)
    }

    // Issue 7, item 3: only a presenter may drop, and what it drops is the stale part.
    @Test func aPresenterThatFallsBehindKeepsTheNewestAndIsReportedOnce() {
        let blocked = BlockedSink()
        let fast = MemorySink()
        let reports = Recorder<String>()
        let hub = SinkHub([member("display", blocked), member("log", fast, .recorder)]) { reports.append($0) }
        let bound = SinkHub.presenterBacklog
        let total = bound * 3
        hub.publish(numberedEvents(0..<1))
        #expect(eventually { blocked.entered.count == 1 && fast.events.count == 1 })
        for start in stride(from: 1, to: total, by: 100) {
            hub.publish(numberedEvents(start..<min(total, start + 100)))
        }
        #expect(reports.all == ["the display sink is falling behind; the oldest events waiting for it are being dropped"])
        blocked.release()
        #expect(hub.close(timeout: 2).late.isEmpty)
        let received = blocked.received.all
        // The one it was stuck on, then the newest `bound`: what is stale went first.
        #expect(received.count == bound + 1)
        #expect(received.first == 0 && received.last == total - 1)
        #expect(Array(received.dropFirst()) == Array(total - bound..<total))
        #expect(numbers(fast.events.all) == Array(0..<total))
        #expect(reports.count == 1)
    }

    @Test func closeNamesThePresentersThatDidNotFinishInTime() {
        let stuck = BlockedSink()
        let alsoStuck = BlockedSink()
        let fast = MemorySink()
        let hub = SinkHub([member("stuck", stuck), member("fast", fast), member("also-stuck", alsoStuck)]) { _ in }
        defer {
            stuck.release()
            alsoStuck.release()
        }
        hub.publish(numberedEvents(0..<2))

        let started = monotonicSeconds()
        let closing = hub.close(timeout: 0.5)
        let waited = monotonicSeconds() - started
        #expect(closing.late == ["stuck", "also-stuck"])
        // One deadline for all sinks, not one per sink (which would be 1 s).
        #expect(waited >= 0.49 && waited < 0.95, "waited \(waited) s")
        #expect(fast.closes.count == 1)
        #expect(fast.events.count == 2)

        stuck.release()
        alsoStuck.release()
        #expect(stuck.closes.wait(for: 1, timeout: 1))
        #expect(alsoStuck.closes.wait(for: 1, timeout: 1))
        #expect(stuck.received.all == [0, 1])
    }

    @Test func closeWaitsForASlowRecorderAndSaysSo() {
        let slow = BlockedSink()
        let hub = SinkHub([member("log", slow, .recorder)]) { _ in }
        hub.publish(numberedEvents(0..<3))
        let waiting = Recorder<[String]>()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.4) { slow.release() }
        let closing = hub.close(timeout: 0.1) { waiting.append($0) }
        #expect(closing.late.isEmpty)
        #expect(waiting.all == [["log"]])
        #expect(slow.received.all == [0, 1, 2])
        #expect(slow.closes.count == 1)
    }

    @Test func repliesGoInOrderToTheSinksThatShowThemOrToOneSink() {
        let display = MemorySink()
        let plugin = MemorySink()
        let log = MemorySink()
        let hub = SinkHub([member("terminal", display, showsReplies: true), member("plugin", plugin), member("log", log, .recorder)]) { _ in
        }
        let shown = Reply(command: "status", accepted: true, text: "here", t: .start)
        let toPlugin = Reply(command: "skip", accepted: false, text: "no", t: .start)
        hub.showReply(shown)
        hub.sendReply(toPlugin, to: plugin)
        _ = hub.close(timeout: 1)
        #expect(display.replies.all == [shown])
        #expect(plugin.replies.all == [toPlugin])
        #expect(log.replies.all.isEmpty)
        #expect(hub.showsReplies)
    }

    @Test func closingLinesAreGatheredInTheOrderOfTheSinks() {
        let hub = SinkHub([member("memory", MemorySink()), member("history", ClosingSink(), .recorder)]) { _ in }
        #expect(hub.close(timeout: 1).closingLines == ["3rd session this week"])
    }

    @Test func updatesReachSinksThatAreKeepingUp() throws {
        let sink = MemorySink()
        let hub = SinkHub([member("memory", sink)]) { _ in }
        var engine = Engine(plan: Plan(name: "W", phases: [Phase(kind: .work, name: "A", duration: .seconds(10))]), file: "w.json")
        _ = engine.start(at: .start)
        hub.update(engine.snapshot(at: .seconds(1)))
        _ = hub.close(timeout: 1)
        let snapshots = sink.snapshots.all
        try #require(snapshots.count == 1)
        #expect(snapshots[0].remaining == .seconds(9))
    }

    @Test func aSinkThatTakesNoSnapshotsIsNotWokenForThem() throws {
        let display = MemorySink()
        let history = MemorySink()
        let hub = SinkHub([member("display", display), member("history", history, .recorder, takesSnapshots: false)]) { _ in }
        var engine = Engine(plan: Plan(name: "W", phases: [Phase(kind: .work, name: "A", duration: .seconds(10))]), file: "w.json")
        hub.publish(engine.start(at: .start))
        for second in 1...3 { hub.update(engine.snapshot(at: .seconds(Double(second)))) }
        _ = hub.close(timeout: 1)
        #expect(history.snapshots.all.isEmpty)
        #expect(history.flushes.count == 1, "one delivery, of the events: none for the snapshots")
        #expect(!display.snapshots.all.isEmpty)
    }

    @Test func aSinkIsGivenOnlyTheEventsItTakesAndIsNotWokenForTheOthers() {
        let recorder = MemorySink()
        let everything = MemorySink()
        let traits = SinkTraits(kind: .recorder, takesSnapshots: false, events: [.phaseEnd, .sessionEnd])
        let hub = SinkHub([SinkHub.Member(name: "history", sink: recorder, traits: traits), member("display", everything)]) { _ in }
        var engine = Engine(
            plan: Plan(
                name: "W",
                phases: [
                    Phase(kind: .work, name: "A", duration: .seconds(10)),
                    Phase(kind: .rest, name: "B", duration: .seconds(5)),
                ]), file: "w.json")
        hub.publish(engine.start(at: .start))
        hub.publish(engine.advance(to: .seconds(8)))
        hub.drain(timeout: 1)
        #expect(recorder.flushes.count == 0, "the start and the countdown woke nothing")
        hub.publish(engine.advance(to: .seconds(16)))
        _ = hub.close(timeout: 1)
        let shown = everything.events.all.map(\.name)
        #expect(shown.contains("countdown") && shown.contains("session.start"))
        #expect(recorder.events.all.map(\.name) == ["phase.end", "phase.end", "session.end"])
        #expect(recorder.flushes.count == 1)
    }

    @Test func aSnapshotComesAfterTheEventsBeforeItAndABusySinkGetsOnlyTheLatest() {
        let sink = OrderSink()
        let hub = SinkHub([member("ordered", sink, showsReplies: true)]) { _ in }
        var engine = Engine(plan: Plan(name: "W", phases: [Phase(kind: .work, name: "A", duration: .seconds(10))]), file: "w.json")
        _ = engine.start(at: .start)
        hub.publish(numberedEvents(0..<1))
        #expect(sink.blocked.wait(for: 1, timeout: 2))
        hub.publish(numberedEvents(1..<2))
        hub.showReply(Reply(command: "status", accepted: true, text: nil, t: .start))
        hub.update(engine.snapshot(at: .seconds(1)))
        hub.update(engine.snapshot(at: .seconds(2)))
        sink.gate.signal()
        _ = hub.close(timeout: 2)
        #expect(sink.log.all == ["event 0", "event 1", "reply status", "snapshot 0:08"])
    }

    @Test func aSnapshotOlderThanTheEventsAfterItIsNotShown() {
        let sink = OrderSink()
        let hub = SinkHub([member("ordered", sink)]) { _ in }
        var engine = Engine(plan: Plan(name: "W", phases: [Phase(kind: .work, name: "A", duration: .seconds(10))]), file: "w.json")
        _ = engine.start(at: .start)
        hub.publish(numberedEvents(0..<1))
        #expect(sink.blocked.wait(for: 1, timeout: 2))
        hub.update(engine.snapshot(at: .seconds(1)))
        hub.publish(numberedEvents(1..<2))
        sink.gate.signal()
        _ = hub.close(timeout: 2)
        #expect(sink.log.all == ["event 0", "event 1"])
    }
}

/// Polls `condition` every few milliseconds until it holds or `timeout` seconds pass.
func eventually(timeout: Double = 2, _ condition: () -> Bool) -> Bool {
    let deadline = monotonicSeconds() + timeout
    while monotonicSeconds() < deadline {
        if condition() { return true }
        usleepMilliseconds(2)
    }
    return condition()
}
