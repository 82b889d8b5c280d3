import PacerEngine
import PacerFoundation
import PacerWorkout
import Speech
import Testing

/// An engine run on a manual timeline, each event at its due time, with the coach listening.
struct CoachedSession {
    var engine: Engine
    var coach = Coach()
    /// Every utterance so far, with the event that caused it.
    var said: [(event: String, utterance: Utterance)] = []

    init(_ phases: [Phase], countdown: Int = 3, halfway: Bool = false, speed: Double = 1) {
        engine = Engine(plan: Plan(name: "Test", countdown: countdown, halfway: halfway, phases: phases), speed: speed, file: "test.json")
    }

    mutating func hear(_ events: [Event]) {
        for event in events {
            said += coach.utterances(for: event).map { (event.name, $0) }
        }
    }

    mutating func start() {
        hear(engine.start(at: .start))
    }

    mutating func run(until seconds: Double) {
        run(until: Instant.seconds(seconds))
    }

    mutating func runToEnd() {
        run(until: Instant(nanoseconds: .max))
    }

    private mutating func run(until instant: Instant) {
        while let deadline = engine.nextDeadline, deadline <= instant {
            hear(engine.advance(to: deadline))
        }
    }

    mutating func command(_ command: Command, at seconds: Double) {
        run(until: seconds)
        do throws(CommandRejection) {
            hear(try engine.handle(command, at: .seconds(seconds)))
        } catch {
            Issue.record("\(command) rejected: \(error.message)")
        }
    }

    var texts: [String] { said.map(\.utterance.text) }

    /// The utterance with this text (the first, if several).
    func utterance(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Utterance {
        try #require(
            said.first { $0.utterance.text == text }?.utterance, "nothing said “\(text)” in \(texts)", sourceLocation: sourceLocation)
    }
}

func work(_ name: String, _ seconds: Int64, cue: String? = nil, cues: [Cue] = []) -> Phase {
    Phase(kind: .work, name: name, duration: .seconds(seconds), cue: cue, cues: cues)
}

func rest(_ seconds: Int64) -> Phase {
    Phase(kind: .rest, name: "Rest", duration: .seconds(seconds))
}

func prepare(_ seconds: Int64) -> Phase {
    Phase(kind: .prepare, name: "Get ready", duration: .seconds(seconds))
}

func seconds(_ value: Double) -> Instant { .seconds(value) }

/// An utterance for queue tests: due at `at`, may start up to a second late, in scope 1.
func line(
    _ text: String, _ priority: Utterance.Priority = .announcement, at: Double = 0, finishBy: Double? = nil,
    short: String? = nil, scope: Int = 1
) -> Utterance {
    Utterance(
        text: text, shortText: short, priority: priority, due: .seconds(at), startBy: .seconds(at + 1),
        finishBy: finishBy.map { .seconds($0) }, scope: scope)
}

/// Lengths for queue tests: a tenth of a second a character.
let tenthPerCharacter: @Sendable (String) -> Duration = { .milliseconds(100 * $0.count) }
