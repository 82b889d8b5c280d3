import PacerEngine
import PacerFoundation
import PacerRuntime
import PacerTestSupport
import SinkKit

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
