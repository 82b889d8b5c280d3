import BellSink
import Glibc
import HistorySink
import PacerEngine
import PacerFoundation
import PacerWorkout
import SinkKit
import Testing

/// The events a sink says it takes are all it does anything with: the hub gives it no others.
@Suite("Sink event lists")
struct SinkEventListTests {
    /// A session with every kind of event: cues, a pause, a lengthening, back, restart, a skip.
    private static func everyKindOfEvent() -> [Event] {
        var squats = work("Squats", 10, cue: "Chest up")
        squats.cues = [Cue(at: .seconds(1), text: "Halfway soon")]
        var session = Session([squats, rest(5), work("Lunges", 10)])
        var events = session.start() + session.run(until: 2)
        events += session.command(.pause, at: 2) + session.command(.resume, at: 3)
        events += session.command(.extend(milliseconds: 5_000), at: 4) + session.run(until: 17)
        events += session.command(.back, at: 17) + session.command(.restart, at: 18) + session.command(.skip, at: 19)
        return events + session.runToEnd()
    }

    @Test func theEventsAreOfEveryKind() {
        let kinds = Set(Self.everyKindOfEvent().map(\.kind))
        #expect(kinds == Set(Event.Kind.allCases).subtracting([.blockEnd, .sample]), "all but a timed block's end and a sensor's sample")
    }

    @Test func theBellRingsForNoEventItIsNotGiven() throws {
        let taken = try #require(BellSink.registration.traits.events)
        for event in Self.everyKindOfEvent() where !taken.contains(event.kind) {
            #expect(BellSink.rings(for: event) == 0, "\(event.name)")
        }
    }

    @Test func theHistoryRecordsNothingOfAnEventItIsNotGiven() throws {
        let taken = try #require(HistorySink.registration.traits.events)
        let path = temporaryPath(".sqlite3")
        defer { unlink(path) }
        let sink = HistorySink(path: path)
        for event in Self.everyKindOfEvent() where !taken.contains(event.kind) {
            try sink.receive(event)
        }
        try sink.close()
        #expect(access(path, F_OK) != 0, "the history was not even opened")
    }
}
