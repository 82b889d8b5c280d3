import PacerEngine
import PacerFoundation
import PacerWorkout

/// A whole session as `pacer render` hears it: the engine run offline at real speed, with no
/// clock, so every event comes at its exact due time; the tone each one gets; and what the coach
/// offers to say and when — the same script the live sink follows.
public struct SessionScore: Sendable {
    /// The short sounds of a session.
    public enum Signal: Sendable, Equatable, CaseIterable {
        /// The start of a work phase or a rep step.
        case workStart
        /// The start of any other phase.
        case restStart
        /// A countdown second.
        case tick
        /// The end of the workout.
        case finish
    }

    /// A signal sounds at a moment.
    public struct Sounding: Sendable, Equatable {
        public let signal: Signal
        public let at: Instant
    }

    /// The coach offers an utterance at a moment.
    public struct Offer: Sendable, Equatable {
        public let utterance: Utterance
        public let at: Instant

        public init(utterance: Utterance, at: Instant) {
            self.utterance = utterance
            self.at = at
        }
    }

    public private(set) var soundings: [Sounding] = []
    public private(set) var offers: [Offer] = []
    /// When the session ends.
    public private(set) var end = Instant.start

    /// Runs `plan` to its end. A rep step with a cap lasts its cap; one without a cap, or an open
    /// step, has no length, so the plan is refused with what to do.
    public init(plan: Plan) throws(SpeechError) {
        if let index = plan.phases.firstIndex(where: \.isOpen) {
            throw .noLength(step: index + 1, name: plan.phases[index].name, open: true)
        }
        if let index = plan.phases.firstIndex(where: { $0.kind == .reps && $0.cap == nil }) {
            throw .noLength(step: index + 1, name: plan.phases[index].name, open: false)
        }
        var engine = Engine(plan: plan, speed: 1, file: "")
        var coach = Coach()
        var events = engine.start(at: .start)
        while true {
            for event in events {
                soundings += Self.signals(for: event)
                offers += coach.utterances(for: event).map { Offer(utterance: $0, at: event.t) }
                if case .sessionEnd = event.payload { end = event.t }
            }
            guard let deadline = engine.nextDeadline else { break }
            events = engine.advance(to: deadline)
        }
    }

    private static func signals(for event: Event) -> [Sounding] {
        let at = event.due ?? event.t
        switch event.payload {
        case .phaseStart(let start):
            return [Sounding(signal: start.phase.kind == .work || start.phase.kind == .reps ? .workStart : .restStart, at: at)]
        case .countdown:
            return [Sounding(signal: .tick, at: at)]
        case .sessionEnd(let end) where end.outcome == .completed:
            return [Sounding(signal: .finish, at: at)]
        default:
            return []
        }
    }
}
