import PacerEngine
import PacerFoundation
import PacerWorkout
import Testing

/// Helpers for driving an `Engine` on a manual clock in tests; kept in one namespace so they do not
/// clash with the helpers of the test files that import them.
package enum EngineFixture {
    /// An instant `seconds` after the session started.
    package static func at(_ seconds: Double) -> Instant {
        .seconds(seconds)
    }

    package static func duration(_ seconds: Double) -> WorkoutDuration {
        WorkoutDuration(milliseconds: Int64((seconds * 1000).rounded()))
    }

    package static func work(
        _ name: String = "Work", _ seconds: Double, cue: String? = nil, cues: [Cue] = [], round: Int? = nil, rounds: Int? = nil
    ) -> Phase {
        Phase(kind: .work, name: name, duration: duration(seconds), cue: cue, cues: cues, round: round, rounds: rounds)
    }

    package static func work(_ seconds: Double) -> Phase {
        work("Work", seconds)
    }

    package static func rest(_ seconds: Double, name: String = "Rest") -> Phase {
        Phase(kind: .rest, name: name, duration: duration(seconds))
    }

    package static func reps(_ name: String, _ count: Int, weight: Weight? = nil, cap: Double? = nil, cues: [Cue] = []) -> Phase {
        Phase(kind: .reps, name: name, duration: nil, cap: cap.map(duration), cues: cues, reps: count, weight: weight)
    }

    package static func plan(countdown: Int = 3, halfway: Bool = false, _ phases: [Phase]) -> Plan {
        Plan(name: "Test", countdown: countdown, halfway: halfway, phases: phases)
    }

    /// The wall time the engines of these tests read, shown by `brief` as `WALL`: 2026-11-30T07:00:00+01:00.
    package static let wall = WallClockFixture.first

    /// An engine whose wall clock always reads `wall`.
    package static func engine(_ plan: Plan, speed: Double = 1) -> Engine {
        Engine(plan: plan, speed: speed, file: "test.json", wallClock: { wall })
    }

    /// An engine for a workout with these steps (the inside of its `steps` array), by default without a countdown.
    package static func engine(steps: String, countdown: Int = 0) throws -> Engine {
        engine(Plan(try WorkoutDecoder.decode(Array(#"{"name": "W", "countdown": \#(countdown), "steps": [\#(steps)]}"#.utf8))))
    }

    /// `done` with nothing logged.
    package static let done = Command.done(reps: nil, weight: nil)

    /// Everything due up to `now`, each at its own deadline, as the driver's clock would deliver it.
    package static func advance(_ engine: inout Engine, to now: Instant) -> [Event] {
        var events: [Event] = []
        while let deadline = engine.nextDeadline, deadline <= now {
            events += engine.advance(to: deadline)
        }
        return events
    }

    /// Advances to each deadline in turn until nothing is left to wait for, returning what happened.
    package static func runToEnd(_ engine: inout Engine, limit: Int = 1_000_000) -> [Event] {
        var events: [Event] = []
        var steps = 0
        while let deadline = engine.nextDeadline, steps < limit {
            events += engine.advance(to: deadline)
            steps += 1
        }
        return events
    }

    /// Carries out a command that must be accepted.
    package static func handle(_ engine: inout Engine, _ command: Command, at now: Instant) throws -> [Event] {
        do throws(CommandRejection) {
            return try engine.handle(command, at: now)
        } catch {
            Issue.record("\(command) at \(now) was rejected: \(error.message)")
            throw error
        }
    }

    /// The rejection a command gets, or nil if it was accepted.
    package static func rejection(_ engine: inout Engine, _ command: Command, at now: Instant) -> String? {
        do throws(CommandRejection) {
            _ = try engine.handle(command, at: now)
            return nil
        } catch {
            return error.message
        }
    }

    /// A compact, exact description of an event: its type, index and main fields, `t` and `due`
    /// (in seconds, to the millisecond; finer instants are shown in nanoseconds).
    package static func brief(_ event: Event) -> String {
        var text: String
        switch event.payload {
        case .sessionStart(let start):
            text =
                "session.start \(start.workout) file=\(start.file) phases=\(start.phases) planned=\(seconds(start.planned)) wall=\(wallText(start.wall)) speed=\(JSONText.number(start.speed))"
        case .phaseStart(let start):
            text = "phase.start \(start.index + 1)/\(start.count) \(start.phase.name) next=\(start.next?.name ?? "-")"
        case .countdown(let countdown):
            text = "countdown \(countdown.index + 1) \(countdown.remaining)"
        case .cue(let call):
            text = "cue \(call.index + 1) \(call.text)"
        case .phaseEnd(let end):
            text = "phase.end \(end.index + 1) \(end.outcome.rawValue) active=\(seconds(end.active))"
            if let reps = end.reps { text += " reps=\(reps)" }
            if let weight = end.weight { text += " weight=\(weight)" }
        case .pause:
            text = "pause"
        case .resume:
            text = "resume"
        case .extend(let extension_):
            text = "extend \(extension_.index + 1) by=\(seconds(extension_.by))"
        case .back(let jump):
            text = "back \(jump.index + 1)"
        case .restart(let jump):
            text = "restart \(jump.index + 1)"
        case .blockEnd(let end):
            text =
                "block.end \(end.kind.rawValue) rounds=\(end.rounds.map(String.init) ?? "-") steps=\(end.steps)\(end.skipped > 0 ? " skipped=\(end.skipped)" : "") active=\(seconds(end.active)) capped=\(end.capped)"
        case .sample(let sample):
            text = "sample \(sample.index + 1) active=\(seconds(sample.active)) " + sample.values.commandArguments
        case .sessionEnd(let end):
            text =
                "session.end \(end.outcome.rawValue) active=\(seconds(end.active)) paused=\(seconds(end.paused)) wall=\(wallText(end.wall))"
        }
        text += " t=\(time(event.t))"
        if let due = event.due { text += " due=\(time(due))" }
        return text
    }

    /// `WALL` for the fixture's wall time, any other as the stream writes it.
    package static func wallText(_ wall: WallTime) -> String {
        wall == self.wall ? "WALL" : wall.iso8601
    }

    package static func briefs(_ events: [Event]) -> [String] {
        events.map(brief)
    }

    package static func seconds(_ duration: WorkoutDuration) -> String {
        Decimal3(duration.milliseconds).text
    }

    package static func time(_ instant: Instant) -> String {
        instant.nanoseconds % 1_000_000 == 0 ? Decimal3(instant.nanoseconds / 1_000_000).text : "\(instant.nanoseconds)ns"
    }
}

/// In these tests a bare number is an instant in nanoseconds, as in `engine.start(at: 0, …)`.
extension Instant: ExpressibleByIntegerLiteral {
    public init(integerLiteral nanoseconds: Int64) {
        self.init(nanoseconds: nanoseconds)
    }
}
