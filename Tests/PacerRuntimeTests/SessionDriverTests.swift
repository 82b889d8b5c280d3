import PacerCore
import PacerRuntime
import Testing

@Suite("SessionDriver")
struct SessionDriverTests {
    private static func phases(_ seconds: [Int64]) -> [Phase] {
        seconds.enumerated().map { number, length in
            Phase(kind: number.isMultiple(of: 2) ? .work : .rest, name: "P\(number + 1)", duration: .seconds(length))
        }
    }

    @Test func aShortRunCompletesOnTime() throws {
        let plan = Plan(name: "Quick", phases: Self.phases([1, 1, 1]))
        let sink = MemorySink()
        let reports = Recorder<String>()
        let hub = SinkHub([("memory", sink)]) { reports.append($0) }
        let driver = SessionDriver(engine: Engine(plan: plan, speed: 50, file: "quick.json", wallClock: Clocks.wallTimeISO8601), hub: hub)
        let outcomes = Recorder<SessionOutcome>()

        let started = monotonicSeconds()
        driver.start { outcomes.append($0) }
        #expect(outcomes.wait(for: 1, timeout: 2))
        let took = monotonicSeconds() - started
        #expect(hub.close(timeout: 1) == [])

        #expect(outcomes.all == [.completed])
        // Three phases of 1 s at speed 50: 60 ms.
        #expect(took >= 0.06 && took < 1)
        let events = sink.events.all
        #expect(events.map(\.name) == [
            "session.start", "phase.start", "phase.end", "phase.start", "phase.end", "phase.start", "phase.end", "session.end",
        ])
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.t <= $1.t })

        let starts = events.filter { $0.name == "phase.start" }
        // Each phase is due exactly where the one before was due to end, however late the timer fired.
        #expect(starts.map(\.due) == [0, 20_000_000, 40_000_000])
        for start in starts {
            let lateness = start.t - (start.due ?? .min)
            #expect(lateness >= 0 && lateness < 50_000_000, "phase.start \(start.jsonLine)")
        }
        let end = try #require(events.last)
        guard case let .sessionEnd(outcome, active, paused, wall) = end.payload else {
            Issue.record("last event is \(end.name)")
            return
        }
        #expect(outcome == .completed)
        #expect(active == .seconds(3))
        #expect(paused == .zero)
        #expect(wall.count == 25 && wall.dropFirst(10).first == "T", "\(wall)")
        #expect(reports.all.isEmpty)
    }

    @Test func commandsAreCarriedOutInOrder() {
        let plan = Plan(name: "Long", phases: Self.phases([60, 60, 60]))
        let sink = MemorySink()
        let hub = SinkHub([("memory", sink)]) { _ in }
        let driver = SessionDriver(engine: Engine(plan: plan, file: "long.json"), hub: hub)
        let outcomes = Recorder<SessionOutcome>()
        let replies = Recorder<String>()

        driver.start { outcomes.append($0) }
        driver.submit(.status) { replies.append($0) }
        driver.submit(.done(reps: nil, weight: nil)) { replies.append($0) }
        driver.submit(.skip) { replies.append($0) }
        driver.submit(.quit) { replies.append($0) }
        #expect(outcomes.wait(for: 1, timeout: 2))
        driver.submit(.skip) { replies.append($0) }
        #expect(replies.wait(for: 3, timeout: 1))
        #expect(hub.close(timeout: 1) == [])

        #expect(outcomes.all == [.quit])
        let replied = replies.all
        #expect(replied.count == 3)
        #expect(replied.first?.hasPrefix("P1 (work, phase 1/3), 1:00 left in phase") == true, "\(replied)")
        #expect(replied.dropFirst().first == "done is for rep steps; this is a work phase (skip moves on)")
        #expect(replied.last == "the session has ended")

        let events = sink.events.all
        #expect(events.map(\.name) == ["session.start", "phase.start", "phase.end", "phase.start", "phase.end", "session.end"])
        let lines = events.map(\.jsonLine)
        #expect(lines.count == 6)
        if lines.count == 6 {
            #expect(lines[2].contains(#""index":1,"outcome":"skipped""#))
            #expect(lines[3].contains(#""index":2"#))
            #expect(lines[4].contains(#""index":2,"outcome":"skipped""#))
            #expect(lines[5].contains(#""outcome":"quit""#))
        }
    }

    @Test func abortEndsTheSessionAsAborted() {
        let sink = MemorySink()
        let hub = SinkHub([("memory", sink)]) { _ in }
        let driver = SessionDriver(engine: Engine(plan: Plan(name: "Long", phases: Self.phases([60])), file: "long.json"), hub: hub)
        let outcomes = Recorder<SessionOutcome>()
        driver.start { outcomes.append($0) }
        driver.submit(.pause) { _ in }
        driver.abort()
        #expect(outcomes.wait(for: 1, timeout: 2))
        #expect(hub.close(timeout: 1) == [])
        #expect(outcomes.all == [.aborted])
        #expect(sink.events.all.map(\.name) == ["session.start", "phase.start", "pause", "phase.end", "session.end"])
        #expect(sink.events.all.last?.jsonLine.contains(#""outcome":"aborted""#) == true)
    }
}
