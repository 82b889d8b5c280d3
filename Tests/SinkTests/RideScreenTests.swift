import PacerEngine
import PacerFoundation
import PacerWorkout
import TerminalRendering
import TerminalSink
import Testing

@testable import TerminalDisplay

/// Issue 44, section 2: the ride screen. A step's target in digits as big as the clock's, the
/// reading beside it coloured and marked by where it stands, the other readings under them, the
/// workout's profile in a row with a mark at now, and the next step with its target.
@Suite("The ride screen")
struct RideScreenTests {
    /// Two minutes of a 250 W FTP: 200 W, then 150 W (`pacer run "1m @ 200W, 1m @ 150W" --ftp 250`).
    private static func session() throws -> Session {
        let thresholds = TargetThresholds(ftp: 250)
        var hard = work("Work", 60)
        hard.targets = Targets(power: try PowerTarget(parsing: "200 W"), thresholds: thresholds)
        var easy = work("Work", 60)
        easy.targets = Targets(power: try PowerTarget(parsing: "150 W"), thresholds: thresholds)
        var session = Session([hard, easy], countdown: 0)
        session.engine = Engine(
            plan: Plan(name: "Ride", countdown: 0, phases: [hard, easy], thresholds: thresholds), speed: 1,
            file: "ride.json", wallClock: { Session.wall })
        return session
    }

    /// The display `seconds` into the session, with `readings`, as lines of text (styles kept when `colored`).
    private static func screen(columns: Int, rows: Int, at seconds: Double = 0, readings: Readings? = nil, colored: Bool = false) throws
        -> [String]
    {
        var session = try session()
        let events = session.start() + session.run(until: seconds)
        let starts = events.compactMap { event -> Event.PhaseStart? in if case .phaseStart(let start) = event.payload { start } else { nil }
        }
        let plan = try #require(
            events.compactMap { event -> Plan? in if case .sessionStart(let start) = event.payload { start.plan } else { nil } }.first)
        let view = LiveView(
            start: try #require(starts.last), cue: nil, snapshot: session.snapshot(at: seconds), paused: false,
            planned: plan.planned, readings: readings, profile: ProfileRow(plan: plan), palette: Palette(enabled: colored),
            memo: LiveViewMemo())
        return view.lines(columns: columns, rows: rows).map(\.rendered)
    }

    private static func power(_ watts: Double, heartRate: Double? = 150, cadence: Double? = 90) -> Readings {
        var values = MeasuredValues([.power: watts])
        values[.heartRate] = heartRate
        values[.cadence] = cadence
        var readings = Readings()
        readings.take(values)
        return readings
    }

    /// Whether `lines` hold the big digits of `text` in `size` rows, row under row from one column.
    static func showsBig(_ text: String, rows size: Int, in lines: [String]) throws -> Bool {
        let glyphs = try #require(BigDigits.sizes.first { $0.height == size }?.render(text)).map(Array.init)
        let cells = lines.map(Array.init)
        return cells.indices.contains { top in
            top + size <= cells.count
                && cells[top].indices.contains { column in
                    glyphs.indices.allSatisfy { row in
                        let line = cells[top + row]
                        return line.count >= column + glyphs[row].count && Array(line[column..<column + glyphs[row].count]) == glyphs[row]
                    }
                }
        }
    }

    @Test(arguments: [(80, 24, 5), (100, 30, 7)])
    func theTargetIsInDigitsAsBigAsTheClocks(columns: Int, rows: Int, size: Int) throws {
        let lines = try Self.screen(columns: columns, rows: rows)
        #expect(try Self.showsBig("1:00", rows: size, in: lines), "\(lines.joined(separator: "\n"))")
        #expect(try Self.showsBig("200", rows: size, in: lines), "\(lines.joined(separator: "\n"))")
        // Beside the clock: the same rows.
        let digits = try #require(BigDigits.sizes.first { $0.height == size })
        let (clockRow, targetRow) = (try #require(digits.render("1:00")?.first), try #require(digits.render("200")?.first))
        #expect(lines.contains { $0.contains(clockRow) && $0.contains(targetRow) }, "beside the clock: \(lines)")
        #expect(lines.contains { $0.contains("target W · 80 % FTP") }, "\(lines)")
        #expect(lines.count + 2 <= rows && lines.allSatisfy { $0.count < columns })
    }

    @Test(arguments: [(80, 24, 5), (100, 30, 7)])
    func theReadingIsBesideTheTargetWithHeartRateAndCadenceUnder(columns: Int, rows: Int, size: Int) throws {
        let lines = try Self.screen(columns: columns, rows: rows, readings: Self.power(230))
        #expect(
            try Self.showsBig("200", rows: size, in: lines) && Self.showsBig("230", rows: size, in: lines),
            "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("target W · 80 % FTP") && $0.contains("power W ▲ high") }, "\(lines)")
        #expect(lines.contains { $0.contains("heart rate 150 bpm   cadence 90 rpm") }, "\(lines)")
    }

    // One rule with the time in target and the coach: 210 W is within 5 % of 200 W.
    @Test(arguments: [(200.0, "● on target", "1;32"), (210, "● on target", "1;32"), (185, "▼ low", "1;36"), (230, "▲ high", "1;31")])
    func theReadingIsColouredAndMarkedByWhereItStands(watts: Double, mark: String, colour: String) throws {
        let lines = try Self.screen(columns: 100, rows: 30, readings: Self.power(watts), colored: true)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("\u{1B}[" + colour + "mpower W " + mark), "\(text)")
        // The reading's digits are in that colour too; without colour the mark still says it.
        let digits = try #require(BigDigits.sizes.first { $0.height == 7 }?.render(String(Int(watts))))
        #expect(text.contains("\u{1B}[" + colour + "m" + digits[3]), "\(text)")
        #expect(try Self.screen(columns: 100, rows: 30, readings: Self.power(watts)).contains { $0.contains("power W " + mark) })
    }

    @Test func aStaleChannelShowsADash() throws {
        var readings = Self.power(210)
        readings.take(MeasuredValues([.cadence: 88]))
        let lines = try Self.screen(columns: 100, rows: 30, readings: readings)
        #expect(try Self.showsBig("-", rows: 7, in: lines) && !Self.showsBig("210", rows: 7, in: lines), "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("power –") }, "\(lines)")
        #expect(lines.contains { $0.contains("heart rate –   cadence 88 rpm") }, "\(lines)")
    }

    @Test func theProfileRowHasAMarkAtNow() throws {
        // 45 s into two minutes: 45/120 of the 79 columns, column 29.
        let lines = try Self.screen(columns: 80, rows: 24, at: 45)
        let profile = try #require(lines.firstIndex { $0.hasPrefix("▆") })
        #expect(lines[profile] == String(repeating: "▆", count: 40) + String(repeating: "▅", count: 39), "\(lines[profile])")
        #expect(lines[profile + 1] == String(repeating: " ", count: 29) + "▲", "\(lines[profile + 1])")
        // Coloured by zone: 80 % is Z3 (green), 60 % Z2 (blue).
        let colored = try Self.screen(columns: 80, rows: 24, at: 45, colored: true)
        let row = try #require(colored.first { $0.hasPrefix("\u{1B}[32m▆▆▆") }, "\(colored)")
        #expect(row.split(separator: "\u{1B}[34m").dropFirst().first?.contains("▅▅▅") == true, "\(row)")
    }

    @Test func theNextStepIsNamedWithItsTarget() throws {
        let lines = try Self.screen(columns: 80, rows: 24)
        #expect(lines.last == "next: Work @ 150 W · 60 % FTP", "\(lines)")
    }

    @Test func aSmallTerminalKeepsTargetAndReadingInTheCompactForm() throws {
        let lines = try Self.screen(columns: 60, rows: 6, readings: Self.power(230))
        #expect(lines.count == 2, "\(lines)")
        #expect(lines[1].hasPrefix("@ 200 W · 80 % FTP   power 230 W ▲ high   heart rate 150 b…"), "\(lines)")
    }

    @Test func whereTheBigTargetDoesNotFitTheReadingsTakeTheLineUnderTheClock() throws {
        let lines = try Self.screen(columns: 60, rows: 20, readings: Self.power(185))
        #expect(
            try Self.showsBig("1:00", rows: 5, in: lines) && !Self.showsBig("200", rows: 5, in: lines), "\(lines.joined(separator: "\n"))")
        #expect(lines[0].hasPrefix("WORK  Work  @ 200 W · 80 % FTP"))
        #expect(lines.contains { $0.contains("power 185 W ▼ low   heart rate 150 bpm   cadence 90 rpm") }, "\(lines)")
    }
}

extension RideScreenTests {
    // Plain lines (a pipe, TERM=dumb) carry the readings too, every tenth second of session time.
    @Test func plainLinesGiveTheReadingsEveryTenSeconds() throws {
        let screen = FakeScreen(isTerminal: false)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = try Self.session()
        var events = session.start()
        for second in 0..<12 {
            events += session.command(.measure(MeasuredValues([.power: 210, .heartRate: 150])), at: Double(second))
            events += session.run(until: Double(second) + 0.5)
        }
        for event in events { try sink.receive(event) }
        let readings = screen.printed.filter { $0.contains("power") }
        #expect(readings == ["00:10  power 210 W  heart rate 150 bpm"], "\(screen.printed)")
    }
}
