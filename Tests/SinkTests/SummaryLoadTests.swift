import PacerEngine
import PacerFoundation
import PacerWorkout
import TerminalDisplay
import TerminalRendering
import TerminalSink
import Testing

/// The end of a session says what was measured, or the load the plan asked for (issue 44, item 4).
@Suite("The summary's load")
struct SummaryLoadTests {
    /// Ten minutes at 90 % of FTP 250, against 220–230 W.
    static let plan: Plan = {
        var phase = work("Sweet spot", 600)
        phase.targets.power = try? PowerTarget(parsing: "90%")
        return Plan(name: "Ride", phases: [phase]).with(TargetThresholds(ftp: 250))
    }()

    /// `seconds` samples of `power` W, 150 bpm and 90 rpm, against 220–230 W.
    static func measured(seconds: Int, power: Double) -> MeasuredSummary {
        var summary = MeasuredSummary()
        for _ in 0..<seconds {
            summary.add(
                MeasuredValues([.power: power, .heartRate: 150, .cadence: 90]),
                target: { $0 == .power ? TargetRange(220, 230) : nil })
        }
        return summary
    }

    /// The summary's lines as a pipe gets them: the closing line whole, then the load.
    static func lines(_ end: Event.SessionEnd, plan: Plan?) -> [String] {
        [SummaryText.text(for: end)] + SummaryText.load(of: end.measured, plan: plan)
    }

    static func end(_ measured: MeasuredSummary) -> Event.SessionEnd {
        Event.SessionEnd(outcome: .completed, active: .seconds(600), paused: .zero, wall: Session.wall, measured: measured)
    }

    @Test func whatWasMeasuredIsGivenWithIFAndTSSFromThePlansFTP() {
        let lines = Self.lines(Self.end(Self.measured(seconds: 600, power: 225)), plan: Self.plan)
        // 225 W for 600 s: 135 kJ; NP 225 W, 90 % of 250; TSS = 600 × 0.9² / 3600 × 100 = 13.5.
        #expect(
            lines.dropFirst() == [
                "Measured: 135 kJ · avg 225 W · NP 225 W (90 % FTP) · IF 0.90 · TSS 13.5",
                "  heart rate avg 150, max 150 bpm · cadence avg 90 rpm · inside the target: power 100 % (10m)",
            ])
        #expect(lines.first == "Workout complete. worked 0s, rested 0s, paused 0s, nothing skipped.")
    }

    @Test func withoutFTPThereIsNoIFOrTSSAndTimeOutsideTheTargetCounts() {
        let withoutFTP = Plan(name: "Ride", phases: Self.plan.phases)
        let lines = Self.lines(Self.end(Self.measured(seconds: 60, power: 200)), plan: withoutFTP)
        #expect(
            lines.dropFirst() == [
                "Measured: 12 kJ · avg 200 W · NP 200 W · heart rate avg 150, max 150 bpm · cadence avg 90 rpm",
                "  inside the target: power 0 % (0s)",
            ])
    }

    @Test func everyLineFitsA100ColumnTerminalWhateverWasMeasured() {
        // The widest figures a session can give: hours of the most a sensor reads, every channel in
        // and out of a target, against a very high FTP.
        var summary = MeasuredSummary()
        for second in 0..<(10 * 3600 + 3) {
            let values = MeasuredValues([.power: 2999.5, .heartRate: 249.5, .cadence: 299.5, .speed: 49.5, .distance: 999_999])
            summary.add(values, target: { $0 == .distance ? nil : second % 3 == 0 ? TargetRange(0, 5000) : TargetRange(4000) })
        }
        let plan = Plan(name: "Ride", phases: Self.plan.phases).with(TargetThresholds(ftp: 100))
        let lines = Self.lines(Self.end(summary), plan: plan).dropFirst()
        #expect(lines.count > 1 && lines.allSatisfy { $0.count <= 100 }, "\(lines.map { "\($0.count): \($0)" })")
        #expect(
            Array(lines) == [
                "Measured: 107991 kJ · avg 3000 W · NP 3000 W (3000 % FTP) · IF 30.00 · TSS 899775.0",
                "  heart rate avg 250, max 250 bpm · cadence avg 300 rpm · inside the target: power 33 % (3h 20m 1s),",
                "  heart rate 33 % (3h 20m 1s), cadence 33 % (3h 20m 1s), speed 33 % (3h 20m 1s)",
            ])
    }

    @Test func withNothingMeasuredThePlannedLoadIsGivenAndSaidToBePlanned() {
        let lines = Self.lines(Self.end(MeasuredSummary()), plan: Self.plan)
        #expect(
            lines.last == "Planned load (nothing measured): 135 kJ · NP 225 W (90 % FTP) · IF 0.90 · TSS 13.5", "as pacer show gives it")
        let circuit = Plan(name: "Circuit", phases: [work("Squats", 30)])
        #expect(Self.lines(Self.end(MeasuredSummary()), plan: circuit).count == 1, "no power target: no load line")
    }

    @Test func theTerminalSinkPrintsTheLoadUnderTheClosingLine() throws {
        let screen = FakeScreen(isTerminal: false)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        try sink.receive(
            Event(
                t: .start,
                .sessionStart(
                    .init(
                        workout: "Ride", file: "r.json", phases: 1, planned: .seconds(600), wall: Session.wall,
                        speed: 1, plan: Self.plan))))
        try sink.receive(Event(t: .seconds(600), .sessionEnd(Self.end(MeasuredSummary()))))
        #expect(
            screen.printed.suffix(2) == [
                "Workout complete. worked 0s, rested 0s, paused 0s, nothing skipped.",
                "Planned load (nothing measured): 135 kJ · NP 225 W (90 % FTP) · IF 0.90 · TSS 13.5",
            ])
    }
}
