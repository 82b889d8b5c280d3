import BellSink
import PacerEngine
import PacerFoundation
import Synchronization
import Testing

/// Counts the rings and the pauses between them.
private final class BellCounter: Sendable {
    private let rings = Mutex<Int>(0)
    private let pauses = Mutex<[UInt32]>([])

    var ringCount: Int { rings.withLock { $0 } }
    var pauseLengths: [UInt32] { pauses.withLock { $0 } }

    func sink() -> BellSink {
        BellSink(ring: { self.rings.withLock { $0 += 1 } }, pause: { length in self.pauses.withLock { $0.append(length) } })
    }
}

@Suite("BellSink")
struct BellSinkTests {
    @Test func ringsOncePerCountdownAndPhaseStartAndThreeTimesAtTheEnd() throws {
        let counter = BellCounter()
        let bell = counter.sink()
        var session = Session([work("Squats", 10), rest(5)])
        var rings: [Int] = []
        for event in session.start() + session.runToEnd() {
            let before = counter.ringCount
            try bell.receive(event)
            rings.append(counter.ringCount - before)
            #expect(counter.ringCount - before == BellSink.rings(for: event), "\(event.name)")
        }
        // session.start, phase.start, 3 countdowns, phase.end, phase.start, 3 countdowns, phase.end, session.end
        #expect(rings == [0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 3])
        #expect(counter.ringCount == 11)
        // Only the three final rings are spaced out.
        #expect(counter.pauseLengths == [180_000, 180_000])
    }

    @Test func staysQuietForOtherEventsAndAnEarlyEnd() throws {
        let counter = BellCounter()
        let bell = counter.sink()
        var session = Session([work("Squats", 10, cue: "Go"), rest(5)])
        var events = session.start()
        events += session.command(.pause, at: 1) + session.command(.resume, at: 2)
        events += session.command(.extend(milliseconds: 5000), at: 3)
        events += session.command(.restart, at: 4) + session.command(.back, at: 5)
        events += session.engine.finish(.quit, at: Session.at(6))
        let quiet = events.filter { !["phase.start", "countdown"].contains($0.name) }
        #expect(
            quiet.map(\.name) == [
                "session.start", "pause", "resume", "extend", "phase.end", "restart", "phase.end", "back", "phase.end", "session.end",
            ])
        for event in quiet {
            try bell.receive(event)
        }
        #expect(counter.ringCount == 0)
        #expect(
            BellSink.rings(for: Event(t: .start, .sessionEnd(.init(outcome: .aborted, active: .zero, paused: .zero, wall: Session.wall))))
                == 0)
        #expect(BellSink.rings(for: Event(t: .start, .cue(.init(index: 0, text: "Halfway", isHalfway: true)))) == 0)
    }
}
