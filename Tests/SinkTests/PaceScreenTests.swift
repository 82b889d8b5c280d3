import PacerEngine
import PacerFoundation
import PacerWorkout
import TerminalRendering
import TerminalSink
import Testing

@testable import TerminalDisplay

/// Issue 42, item 13, on the run screen: with threshold pace known, a share of it or a pace zone
/// is shown as a pace, in the headline and in the ride screen's big target, and a distance step
/// with a pace gives the time that pace takes it.
@Suite("Pace on the run screen")
struct PaceScreenTests {
    /// A minute in pace zone 2, then an open 1 km at 95 % of threshold pace (`pacer run
    /// "1m @ Z2 pace, open 1 km @ 95% pace {distance: 1 km}" --threshold-pace 4:30`).
    private static func session(_ thresholds: TargetThresholds) throws -> Session {
        var steady = work("Steady", 60)
        steady.targets = Targets(pace: try PaceTarget(parsing: "Z2"))
        var fast = Phase(kind: .work, name: "Fast", duration: nil, isOpen: true, distance: "1 km")
        fast.targets = Targets(pace: try PaceTarget(parsing: "95%"))
        var session = Session([steady, fast], countdown: 0)
        session.engine = Engine(
            plan: Plan(name: "Run", countdown: 0, phases: [steady, fast]).with(thresholds), speed: 1,
            file: "run.json", wallClock: { Session.wall })
        return session
    }

    /// The display `seconds` into the session, with a speed of `metresPerSecond` if any, as lines of text.
    private static func screen(_ thresholds: TargetThresholds, at seconds: Double, metresPerSecond: Double? = nil) throws -> [String] {
        var session = try session(thresholds)
        let events = session.start() + session.run(until: seconds)
        let start = try #require(
            events.compactMap { event -> Event.PhaseStart? in if case .phaseStart(let start) = event.payload { start } else { nil } }.last)
        var readings: Readings?
        if let metresPerSecond {
            readings = Readings()
            readings?.take(MeasuredValues([.speed: metresPerSecond]))
        }
        let view = LiveView(
            start: start, cue: nil, snapshot: session.snapshot(at: seconds), paused: false, planned: .seconds(60),
            readings: readings, palette: Palette(enabled: false), memo: LiveViewMemo())
        return view.lines(columns: 100, rows: 30).map(\.rendered)
    }

    private static let fourThirty = TargetThresholds(thresholdPace: 270)

    @Test func aZoneIsShownAsItsPacesBigAndInTheHeadline() throws {
        // 3 m/s is 5:33 /km, inside Z2's 5:08–5:48 /km.
        let lines = try Self.screen(Self.fourThirty, at: 10, metresPerSecond: 3)
        let text = lines.joined(separator: "\n")
        #expect(lines[0].hasPrefix("WORK  Steady  @ Z2 pace · 77.5–87.7 % threshold pace · 5:08–5:48 /km"), "\(text)")
        #expect(
            try RideScreenTests.showsBig("5:08-5:48", rows: 5, in: lines) && RideScreenTests.showsBig("5:33", rows: 5, in: lines), "\(text)"
        )
        #expect(lines.contains { $0.contains("target /km · Z2") && $0.contains("pace /km ● on target") }, "\(text)")
        #expect(lines.last == "next: Fast @ 95 % threshold pace · 4:44 /km", "\(text)")
    }

    @Test func aShareIsShownAsItsPaceAndADistanceStepGivesItsTime() throws {
        let lines = try Self.screen(Self.fourThirty, at: 70)
        let text = lines.joined(separator: "\n")
        #expect(lines[0].hasPrefix("WORK  Fast  · 1 km  @ 95 % threshold pace · 4:44 /km"), "\(text)")
        #expect(try RideScreenTests.showsBig("4:44", rows: 7, in: lines), "\(text)")
        #expect(lines.contains { $0.contains("target /km · 95 %") }, "\(text)")
        // 10 s of the 4:44 the kilometre takes at 4:44 /km: the phase bar fills towards it.
        let bar = try #require(lines.first { $0.hasPrefix("phase") }, "\(text)")
        #expect(bar.hasSuffix("~4:44 at target pace") && bar.contains("█"), "\(bar)")
    }

    @Test func withoutThresholdPaceTheShareIsShownAsWritten() throws {
        let steady = try Self.screen(.none, at: 10)
        #expect(steady[0].hasPrefix("WORK  Steady  @ Z2 pace  "), "\(steady)")
        #expect(!steady.contains { $0.contains("target /km") }, "no pace is invented: \(steady)")
        let fast = try Self.screen(.none, at: 70)
        #expect(fast[0].hasPrefix("WORK  Fast  · 1 km  @ 95 % threshold pace  "), "\(fast)")
        #expect(fast.contains { $0.contains("target % threshold pace") }, "\(fast)")
        #expect(fast.contains { $0.hasPrefix("phase") && $0.hasSuffix("say done when finished") && !$0.contains("█") }, "\(fast)")
    }

    @Test func plainLinesGiveTheEstimatedTime() throws {
        let screen = FakeScreen(isTerminal: false)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = try Self.session(Self.fourThirty)
        for event in session.start() + session.run(until: 61) { try sink.receive(event) }
        #expect(
            screen.printed.contains {
                $0.contains("Fast  open, say done when finished, about 4m 44s at target pace  1 km  @ 95 % threshold pace · 4:44 /km")
            },
            "\(screen.printed)")
    }
}
