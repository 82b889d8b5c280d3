import PacerEngine
import PacerFoundation
import PacerWorkout
import TerminalRendering
import TerminalSink
import Testing

private let escape: Character = "\u{1B}"

/// The rows of "0:30" in the block font, without the centring indent.
private let bigThirty = [
    "█████     █████ █████",
    "█   █  █      █ █   █",
    "█   █      ████ █   █",
    "█   █  █      █ █   █",
    "█████     █████ █████",
]

/// The rows of "0:12" in the block font, without the centring indent.
private let bigZeroTwelve = [
    "█████        █  █████",
    "█   █  █    ██      █",
    "█   █        █  █████",
    "█   █  █     █  █    ",
    "█████       ███ █████",
]

private func trimmedLeft(_ line: String) -> String {
    String(line.drop { $0 == " " })
}

@Suite("TerminalSink")
struct TerminalSinkTests {
    private static func circuit() -> Session {
        Session([
            work("Squats", 30, cue: "Keep your back straight", round: 2, rounds: 3),
            rest(10, round: 2, rounds: 3),
            Phase(kind: .reps, name: "Push-ups", duration: nil, reps: 10, weight: .text("20 kg")),
        ])
    }

    private static func feed(_ sink: TerminalSink, _ events: [Event]) throws {
        for event in events {
            try sink.receive(event)
        }
    }

    // MARK: - Plain output

    @Test func plainOutputHasOneLinePerEventAndASummary() throws {
        let screen = FakeScreen(isTerminal: false)
        let sink = TerminalSink(screen: screen, color: .auto, noColor: false)
        var session = Session([
            work("Squats", 10, cue: "Chest up", round: 1, rounds: 2),
            rest(5, round: 1, rounds: 2),
            Phase(kind: .reps, name: "Push-ups", duration: nil, reps: 10, weight: .text("20 kg")),
        ])
        var events = session.start() + session.run(until: 11)
        events += session.command(.pause, at: 11) + session.command(.resume, at: 13) + session.command(.extend(milliseconds: 5000), at: 14)
        events += session.runToEnd()
        events += session.command(.done(reps: 8, weight: nil), at: 52)
        try Self.feed(sink, events)

        #expect(
            screen.printed == [
                "00:00  Test: 3 phases, 15s planned",
                "00:00  [1/3]  WORK  Squats  10s  round 1/2  - Chest up  (next: Rest)",
                "00:07  3…",
                "00:08  2…",
                "00:09  1…",
                "00:10  [2/3]  REST  Rest  5s  round 1/2  (next: Push-ups)",
                "00:11  paused",
                "00:13  resumed",
                // The countdown of the 5 s rest had begun; lengthened, it counts down again.
                "00:14  3…",
                "00:14  +5s",
                "00:19  3…",
                "00:20  2…",
                "00:21  1…",
                "00:22  [3/3]  REPS  Push-ups  10 reps @ 20 kg",
                "00:52  logged 8 reps @ 20 kg",
                "Workout complete. worked 40s, rested 10s, paused 2s, nothing skipped.",
            ])
        #expect(screen.shown.isEmpty)
    }

    // Issue 35: a phase's targets are on its plain line, after @.
    @Test func plainOutputSaysAPhasesTargets() throws {
        let screen = FakeScreen(isTerminal: false)
        let sink = TerminalSink(screen: screen, color: .auto, noColor: false)
        var ride = work("Sweet spot", 10)
        ride.targets = Targets(power: try PowerTarget(parsing: "88-94%"), cadence: try CadenceTarget(parsing: "90 rpm"))
        var session = Session([ride])
        try Self.feed(sink, session.start())
        #expect(screen.printed.contains("00:00  [1/1]  WORK  Sweet spot  10s  @ 88–94 % FTP, 90 rpm"), "\(screen.printed)")
    }

    @Test func plainOutputOfAnEarlyEnd() throws {
        let screen = FakeScreen(isTerminal: false)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Session([work("A", 30), rest(10), work("B", 30)], speed: 2)
        var events = session.start() + session.command(.skip, at: 2.5)
        events += session.command(.back, at: 3) + session.command(.skip, at: 4) + session.command(.restart, at: 5)
        events += session.engine.finish(.quit, at: Session.at(6.5))
        try Self.feed(sink, events)
        #expect(
            screen.printed == [
                "00:00  Test: 3 phases, 1m 10s planned at 2x speed",
                "00:00  [1/3]  WORK  A  30s  (next: Rest)",
                // Stamped in workout time: 2.5 real seconds at speed 2 is 00:05.
                "00:05  skipped phase 1 after 5s",
                "00:05  [2/3]  REST  Rest  10s  (next: B)",
                "00:06  skipped phase 2 after 1s",
                "00:06  back to phase 1",
                "00:06  [1/3]  WORK  A  30s  (next: Rest)",
                "00:08  skipped phase 1 after 2s",
                "00:08  [2/3]  REST  Rest  10s  (next: B)",
                "00:10  skipped phase 2 after 2s",
                "00:10  restarting phase 2",
                "00:10  [2/3]  REST  Rest  10s  (next: B)",
                "00:13  skipped phase 2 after 3s",
                "Session ended early. worked 7s, rested 6s, paused 0s, skipped 5 phases (1m 17s).",
            ])
    }

    // MARK: - Live display

    @Test func liveBlockShowsThePhaseBigDigitsRoundNextAndCue() throws {
        let screen = FakeScreen(isTerminal: true, columns: 80, rows: 24)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Self.circuit()
        try Self.feed(sink, session.start())

        let block = screen.block
        try #require(block.count == 12, "\(block)")
        #expect(block[0].hasPrefix("WORK  Squats"))
        #expect(block[0].hasSuffix("round 2/3  ·  1/3"))
        #expect(block[0].count == 79)
        #expect(block[1] == "")
        #expect(block[2..<7].map(trimmedLeft) == bigThirty)
        // Centred in the 79 usable columns.
        #expect(block[2].prefix { $0 == " " }.count == (79 - 21) / 2)
        #expect(block[7] == "")
        // The phase bar says no time: the big clock above it does. Both bars are as long.
        #expect(block[8].hasPrefix("phase   ") && !block[8].contains("left"))
        #expect(block[9].hasPrefix("session ") && block[9].hasSuffix("  0:40 left"))
        #expect(block[8].count == block[9].count - "  0:40 left".count)
        #expect(block[10] == "» Keep your back straight")
        #expect(block[11] == "next: Rest")
        #expect(screen.printed.isEmpty)
    }

    // Issue 35, item 3: the target is in the headline, and next: names the next one.
    @Test func liveBlockShowsTheTargetAndTheNextOne() throws {
        let screen = FakeScreen(isTerminal: true, columns: 80, rows: 24)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var ride = work("Sweet spot", 30)
        ride.targets = Targets(power: try PowerTarget(parsing: "88-94%"))
        var easy = rest(10)
        easy.targets = Targets(power: .freeRide)
        var session = Session([ride, easy])
        try Self.feed(sink, session.start())
        let block = screen.block
        #expect(block.first?.hasPrefix("WORK  Sweet spot  @ 88–94 % FTP") == true, "\(block)")
        #expect(block.contains { $0.contains("next: Rest @ free ride") }, "\(block)")
    }

    // Issue 35, item 3: a ramp shows its target now and where it is heading, at the start, halfway
    // and at the end; it stands still while paused, and holds its last value through time added with +N.
    @Test func aRampShowsItsTargetNowAndWhereItIsHeading() throws {
        let screen = FakeScreen(isTerminal: true, columns: 100, rows: 30)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var warmUp = Phase(kind: .warmup, name: "Warm up", duration: .seconds(100))
        warmUp.targets = Targets(power: try PowerTarget(parsing: "ramp 50-75%"), thresholds: TargetThresholds(ftp: 200))
        var session = Session([warmUp, rest(10)], countdown: 0)
        try Self.feed(sink, session.start())
        func headline(at seconds: Double) -> String {
            sink.update(session.snapshot(at: seconds))
            return screen.block[0]
        }
        #expect(headline(at: 0).hasPrefix("WARMUP  Warm up  @ 50 % → 75 % FTP · 100 → 150 W "), "\(screen.block)")
        #expect(headline(at: 50).hasPrefix("WARMUP  Warm up  @ 63 % → 75 % FTP · 125 → 150 W "), "\(screen.block)")
        try Self.feed(sink, session.command(.pause, at: 50))
        #expect(headline(at: 80).hasPrefix("PAUSED  Warm up  @ 63 % → 75 % FTP"), "the ramp waits with the clock: \(screen.block)")
        try Self.feed(sink, session.command(.resume, at: 80))
        try Self.feed(sink, session.command(.extend(milliseconds: 30_000), at: 80))
        #expect(headline(at: 110).hasPrefix("WARMUP  Warm up  @ 70 % → 75 % FTP · 140 → 150 W "), "\(screen.block)")
        #expect(headline(at: 130).hasPrefix("WARMUP  Warm up  @ 75 % → 75 % FTP · 150 → 150 W "), "\(screen.block)")
        #expect(headline(at: 150).hasPrefix("WARMUP  Warm up  @ 75 % → 75 % FTP"), "added time holds the end: \(screen.block)")
    }

    @Test func theCompactFormShowsTheTargetBeforeWhatIsNext() throws {
        let screen = FakeScreen(isTerminal: true, columns: 60, rows: 6)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var ride = work("Sweet spot", 30)
        ride.targets = Targets(power: try PowerTarget(parsing: "88-94%"))
        var session = Session([ride, rest(10)], countdown: 0)
        try Self.feed(sink, session.start())
        #expect(screen.block.count == 2 && screen.block[1].hasPrefix("@ 88–94 % FTP   next: Rest"), "\(screen.block)")
    }

    @Test func liveBlockFollowsSnapshotsAndCues() throws {
        let screen = FakeScreen(isTerminal: true)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Session([work("Plank", 30, round: 1, rounds: 1), rest(10)], countdown: 0)
        try Self.feed(sink, session.start())
        sink.update(session.snapshot(at: 10))
        var block = screen.block
        #expect(block[2..<7].map(trimmedLeft) != bigThirty, "the big clock counts down")
        #expect(!block[8].contains("left"))
        #expect(block[9].hasSuffix("  0:30 left"))
        // A third of the phase bar is filled.
        let phaseBar = block[8].dropFirst("phase   ".count).prefix { $0 == "█" || $0 == "░" }
        #expect(phaseBar.filter { $0 == "█" }.count == phaseBar.count / 3)

        try Self.feed(sink, [Event(t: Session.at(12), due: Session.at(12), .cue(.init(index: 0, text: "Switch sides")))])
        block = screen.block
        #expect(block[10] == "» Switch sides")
        #expect(block[11] == "next: Rest")

        try Self.feed(sink, session.advance(to: 30))
        block = screen.block
        #expect(block[0].hasPrefix("REST  Rest"))
        #expect(block[10] == "")
        #expect(block[11] == "next: the end")
    }

    @Test func pauseShowsPausedUntilResume() throws {
        let screen = FakeScreen(isTerminal: true)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Self.circuit()
        try Self.feed(sink, session.start())
        #expect(!screen.block[0].contains("PAUSED"))

        try Self.feed(sink, session.command(.pause, at: 5))
        #expect(screen.block[0].hasPrefix("PAUSED  Squats  (Enter or resume to go on)"))

        // Other events while paused (with no fresh snapshot yet) keep it paused.
        try Self.feed(sink, session.command(.extend(milliseconds: 10_000), at: 6))
        #expect(screen.block[0].hasPrefix("PAUSED  Squats"))
        try Self.feed(sink, session.command(.skip, at: 7))
        #expect(screen.block[0].hasPrefix("PAUSED  Rest"))

        try Self.feed(sink, session.command(.resume, at: 8))
        #expect(screen.block[0].hasPrefix("REST  Rest"))
        #expect(!screen.block.joined().contains("PAUSED"))
    }

    @Test func repStepShowsRepsWeightAndTimeSoFar() throws {
        let screen = FakeScreen(isTerminal: true)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Self.circuit()
        try Self.feed(sink, session.start() + session.advance(to: 40))
        sink.update(session.snapshot(at: 52))
        let block = screen.block
        #expect(block[0].hasPrefix("REPS  Push-ups  ×10 @ 20 kg"))
        #expect(block[0].hasSuffix("   3/3"))
        #expect(block[8].hasSuffix("  say done when finished"))
        #expect(block[11] == "next: the end")
        #expect(trimmedLeft(block[2]) == bigZeroTwelve[0])
    }

    @Test func aCappedRepStepCountsUpAndShowsItsCap() throws {
        let screen = FakeScreen(isTerminal: true)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Session([Phase(kind: .reps, name: "Pull-ups", duration: nil, cap: .seconds(120), reps: 8)])
        try Self.feed(sink, session.start())
        sink.update(session.snapshot(at: 12.5))
        let block = screen.block
        #expect(Array(block[2...6]).map(trimmedLeft) == bigZeroTwelve)
        #expect(block[8].hasSuffix("  cap 2:00"))
    }

    // Issue 16, item 6: an open step counts up, with its distance, against its target.
    @Test func anOpenStepCountsUpAgainstItsTarget() throws {
        let screen = FakeScreen(isTerminal: true)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Session([Phase(kind: .work, name: "Repeat", duration: nil, isOpen: true, target: .seconds(10), distance: "400 m")])
        try Self.feed(sink, session.start())
        sink.update(session.snapshot(at: 12.5))
        let block = screen.block
        #expect(block[0].hasPrefix("WORK  Repeat  · 400 m"), "\(block)")
        #expect(Array(block[2...6]).map(trimmedLeft) == bigZeroTwelve)
        #expect(block[8].hasSuffix("  0:03 over the 0:10 target"), "\(block)")
    }

    @Test func smallTerminalGetsTheCompactTwoLineForm() throws {
        let screen = FakeScreen(isTerminal: true, columns: 80, rows: 13)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Self.circuit()
        try Self.feed(sink, session.start())
        #expect(
            screen.block == [
                "WORK Squats  0:30  round 2/3  [1/3]",
                "» Keep your back straight   next: Rest",
            ])
        try Self.feed(sink, session.command(.pause, at: 2))
        #expect(screen.block.first?.hasPrefix("PAUSED Squats  0:30") == true)
    }

    @Test func fullFormNeedsFourteenRows() throws {
        let screen = FakeScreen(isTerminal: true, columns: 80, rows: 14)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Self.circuit()
        try Self.feed(sink, session.start())
        #expect(screen.block.count == 12)
    }

    @Test func narrowTerminalCutsLines() throws {
        let screen = FakeScreen(isTerminal: true, columns: 30, rows: 10)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Self.circuit()
        try Self.feed(sink, session.start())
        #expect(screen.block.allSatisfy { $0.count <= 29 })
        // The position gives way first; the clock stays.
        #expect(screen.block.first == "WORK Squats  0:30  round 2/3", "\(screen.block)")
    }

    @Test func sessionEndClearsTheBlockAndPrintsTheSummary() throws {
        let screen = FakeScreen(isTerminal: true)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Session([work("Squats", 10)])
        try Self.feed(sink, session.start() + session.runToEnd())
        #expect(screen.block == [])
        #expect(screen.printed == ["Workout complete. worked 10s, rested 0s, paused 0s, nothing skipped."])
    }

    // On a narrow terminal the closing line is broken between its parts, as the load is.
    @Test func theSummaryIsBrokenToANarrowTerminalsWidth() throws {
        let screen = FakeScreen(isTerminal: true, columns: 41, rows: 24)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Session([work("Squats", 10), rest(5)])
        try Self.feed(sink, session.start() + session.runToEnd())
        #expect(
            screen.printed == ["Workout complete. worked 10s, rested 5s,", "  paused 0s, nothing skipped."], "\(screen.printed)")
    }

    // MARK: - Small terminals and wide text

    /// The cells a line takes, counted independently of Pacer: East Asian wide characters and
    /// emoji two, combining marks none, the rest one (escape sequences must not be in the text).
    private static func cells(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x300...0x36F, 0x200B...0x200D, 0xFE00...0xFE0F: total
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x1F300...0x1FAFF: total + 2
            default: total + 1
            }
        }
    }

    // Issue 7, item 9: under 14 rows the compact line was cut by characters, so at 20×5, or with a
    // 46-character name at 40×10, no time was shown; at 10×3 lines wrapped over each other.
    @Test func theClockShowsAtEverySmallSize() throws {
        let name = "Alternating single-leg Romanian deadlift holds" // 46 characters
        for (duration, clock) in [(Int64(30), "0:30"), (3_600, "1:00:00")] {
            var session = Session([work(name, duration, round: 12, rounds: 12), rest(10)])
            let events = session.start()
            for columns in 8...60 {
                for rows in 3...13 {
                    let screen = FakeScreen(isTerminal: true, columns: columns, rows: rows)
                    let sink = TerminalSink(screen: screen, color: .never, noColor: false)
                    try Self.feed(sink, events)
                    let block = screen.block
                    try #require(!block.isEmpty)
                    #expect(block.allSatisfy { Self.cells($0) <= columns - 1 }, "\(columns)×\(rows): \(block)")
                    if clock.count <= columns - 1 {
                        #expect(block[0].contains(clock), "\(columns)×\(rows): the clock is missing from \(block)")
                    }
                }
            }
        }
        // What goes first: the position, then the round, then the end of the name.
        var session = Session([work(name, 30, round: 12, rounds: 12), rest(10)])
        let events = session.start()
        for (columns, expected) in [
            (80, "WORK \(name)  0:30  round 12/12  [1/2]"), (75, "WORK \(name)  0:30  round 12/12"),
            (60, "WORK \(name)  0:30"), (40, "WORK Alternating single-leg Roma…  0:30"), (10, "WORK 0:30"), (6, "0:30"),
        ] {
            let screen = FakeScreen(isTerminal: true, columns: columns, rows: 5)
            try Self.feed(TerminalSink(screen: screen, color: .never, noColor: false), events)
            #expect(screen.block.first == expected, "\(columns) columns")
        }
    }

    // Issue 7, item 10: wide names were measured in characters, so a long one wrapped into a row never redrawn.
    @Test(arguments: [
        "深蹲跳跃深蹲跳跃深蹲跳跃深蹲跳跃深蹲跳跃深蹲跳跃深蹲跳跃", "🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️🏋️", "스쿼트 스쿼트 스쿼트 스쿼트 스쿼트 스쿼트 스쿼트 스쿼트",
        "Cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301}",
    ])
    func wideNamesAreMeasuredInCells(name: String) throws {
        var session = Session([work(name, 30, cue: name, round: 1, rounds: 2), work(name, 30, round: 2, rounds: 2)])
        let events = session.start()
        for (columns, rows) in [(40, 24), (40, 10), (50, 24), (24, 6), (79, 30)] {
            let screen = FakeScreen(isTerminal: true, columns: columns, rows: rows)
            try Self.feed(TerminalSink(screen: screen, color: .never, noColor: false), events)
            #expect(screen.block.allSatisfy { Self.cells($0) <= columns - 1 }, "\(columns)×\(rows): \(screen.block)")
            // The clock shows: in words on a small screen, in big digits (five rows or more) on a larger one.
            let digitRows = screen.block.filter { $0.contains("█") && !$0.hasPrefix("phase") && !$0.hasPrefix("session") }
            #expect(screen.block.joined().contains("0:30") || digitRows.count >= 5, "\(columns)×\(rows): \(screen.block)")
        }
    }

    // MARK: - The summary

    // Issue 7, item 20: the summary counted cool-down as "warm-up and prep".
    @Test func theSummaryCountsCoolDownApartFromWarmUp() throws {
        let screen = FakeScreen(isTerminal: false)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Session(
            [
                Phase(kind: .warmup, name: "Warm up", duration: .seconds(60)), Phase(kind: .prepare, name: "Ready", duration: .seconds(10)),
                work("Squats", 30), rest(15), Phase(kind: .cooldown, name: "Cool down", duration: .seconds(120)),
            ], countdown: 0)
        try Self.feed(sink, session.start() + session.runToEnd())
        #expect(
            screen.printed.last
                == "Workout complete. worked 30s, rested 15s, warm-up and prep 1m 10s, cool-down 2m, paused 0s, nothing skipped.")
    }

    // Issue 16, item 5: the summary says how far an AMRAP got, and a block for time how long it took.
    @Test func theSummarySaysHowAnAMRAPAndABlockForTimeWent() throws {
        var amrap = (0..<3).map { Phase(kind: .reps, name: "Set \($0)", duration: nil, reps: 5) }
        for index in amrap.indices { amrap[index].timeLimit = TimeLimitedBlock(kind: .amrap, length: .seconds(720), first: 0, last: 2) }
        var session = Session(amrap, countdown: 0)
        var events = session.start()
        for set in 1...23 { events += session.command(.done(reps: nil, weight: nil), at: Double(set * 30)) }
        events += session.runToEnd()
        let screen = FakeScreen(isTerminal: false)
        try Self.feed(TerminalSink(screen: screen, color: .never, noColor: false), events)
        #expect(screen.printed.contains("12:00  AMRAP 12:00: 7 rounds + 2"), "\(screen.printed)")
        #expect(screen.printed.last?.hasPrefix("Workout complete. AMRAP 12:00: 7 rounds + 2. worked 12m,") == true, "\(screen.printed)")

        var forTime = [Phase(kind: .reps, name: "Thrusters", duration: nil, reps: 21)]
        forTime[0].timeLimit = TimeLimitedBlock(kind: .timeCap, length: .seconds(900), first: 0, last: 0)
        for (finish, text) in [(512.0, "For time: 8:32"), (nil, "For time: capped at 15:00")] {
            var session = Session(forTime, countdown: 0)
            var events = session.start()
            if let finish { events += session.command(.done(reps: nil, weight: nil), at: finish) }
            events += session.runToEnd()
            let screen = FakeScreen(isTerminal: false)
            try Self.feed(TerminalSink(screen: screen, color: .never, noColor: false), events)
            #expect(screen.printed.last?.hasPrefix("Workout complete. \(text). ") == true, "\(screen.printed)")
        }
    }

    // Issue 33, item 9: skipped steps were scored; the summary says how many were skipped, as block.end does.
    @Test func theSummarySaysWhatWasSkippedInABlock() throws {
        var amrap = (0..<2).map { Phase(kind: .reps, name: "Set \($0)", duration: nil, reps: 5) }
        for index in amrap.indices { amrap[index].timeLimit = TimeLimitedBlock(kind: .amrap, length: .seconds(60), first: 0, last: 1) }
        var session = Session(amrap, countdown: 0)
        var events = session.start()
        for second in 1...11 { events += session.command(.skip, at: Double(second)) }
        events += session.runToEnd()
        let screen = FakeScreen(isTerminal: false)
        try Self.feed(TerminalSink(screen: screen, color: .never, noColor: false), events)
        #expect(screen.printed.contains("01:00  AMRAP 1:00: 0 rounds (11 steps skipped)"), "\(screen.printed)")
        #expect(screen.printed.last?.hasPrefix("Workout complete. AMRAP 1:00: 0 rounds (11 steps skipped). ") == true, "\(screen.printed)")

        var forTime = [
            Phase(kind: .reps, name: "Thrusters", duration: nil, reps: 21), Phase(kind: .reps, name: "Pull-ups", duration: nil, reps: 21),
        ]
        for index in forTime.indices {
            forTime[index].timeLimit = TimeLimitedBlock(kind: .timeCap, length: .seconds(900), first: 0, last: 1)
        }
        session = Session(forTime, countdown: 0)
        events = session.start() + session.command(.done(reps: nil, weight: nil), at: 100) + session.command(.skip, at: 103)
        let capped = FakeScreen(isTerminal: false)
        try Self.feed(TerminalSink(screen: capped, color: .never, noColor: false), events + session.runToEnd())
        #expect(capped.printed.last?.hasPrefix("Workout complete. For time: 1:43 (1 step skipped). ") == true, "\(capped.printed)")
    }

    // Issue 7, item 3: the summary came from what the display had seen; a display that dropped
    // stale events must still print the session's whole summary, from session.end alone.
    @Test func theSummaryComesFromSessionEndAlone() throws {
        var session = Session(
            [work("A", 30), rest(10), work("B", 30), Phase(kind: .cooldown, name: "Cool", duration: .seconds(60))], countdown: 0)
        var events = session.start() + session.run(until: 45)
        events += session.command(.skip, at: 50) + session.runToEnd()
        for live in [false, true] {
            let screen = FakeScreen(isTerminal: live)
            try Self.feed(TerminalSink(screen: screen, color: .never, noColor: false), [try #require(events.last)])
            // A terminal 80 wide gets it broken between its parts.
            let printed =
                live
                ? ["Workout complete. worked 40s, rested 10s, cool-down 1m, paused 0s,", "  skipped 1 phase (20s)."]
                : ["Workout complete. worked 40s, rested 10s, cool-down 1m, paused 0s, skipped 1 phase (20s)."]
            #expect(screen.printed == printed, "live: \(live)")
        }
    }

    // MARK: - Colour

    @Test func noEscapesWhenColourIsOff() throws {
        for (color, noColor) in [(ColorChoice.never, false), (.auto, true)] {
            let screen = FakeScreen(isTerminal: true)
            let sink = TerminalSink(screen: screen, color: color, noColor: noColor)
            var session = Self.circuit()
            try Self.feed(sink, session.start() + session.command(.pause, at: 1) + session.engine.finish(.quit, at: Session.at(2)))
            #expect(screen.shown.count >= 2)
            #expect(!screen.shown.joined().joined().contains(escape), "\(color) NO_COLOR=\(noColor)")
            #expect(!screen.printed.joined().contains(escape), "\(color) NO_COLOR=\(noColor)")
        }
    }

    @Test func escapesWhenColourIsOn() throws {
        let screen = FakeScreen(isTerminal: true)
        let sink = TerminalSink(screen: screen, color: .always, noColor: true)
        var session = Self.circuit()
        try Self.feed(sink, session.start())
        let block = screen.block
        #expect(block[0].hasPrefix(colorCode(.work) + "WORK" + "\u{1B}[0m" + "  Squats"))
        #expect(block[2].contains(colorCode(.work) + "█████"))
        try Self.feed(sink, session.command(.pause, at: 1))
        #expect(screen.block[0].hasPrefix("\u{1B}[1;7;33mPAUSED\u{1B}[0m"))
    }

    @Test func plainOutputIsColouredOnlyWhenAskedFor() throws {
        let coloured = FakeScreen(isTerminal: false)
        let plain = FakeScreen(isTerminal: false)
        var session = Self.circuit()
        let events = session.start()
        try Self.feed(TerminalSink(screen: coloured, color: .always, noColor: false), events)
        try Self.feed(TerminalSink(screen: plain, color: .auto, noColor: false), events)
        #expect(
            coloured.printed[1] == "00:00  [1/3]  " + colorCode(.work)
                + "WORK\u{1B}[0m  Squats  30s  round 2/3  - Keep your back straight  (next: Rest)")
        #expect(plain.printed[1] == "00:00  [1/3]  WORK  Squats  30s  round 2/3  - Keep your back straight  (next: Rest)")
    }

    @Test func colourChoice() {
        #expect(ColorChoice.always.enabled(isTerminal: false, noColor: true))
        #expect(!ColorChoice.never.enabled(isTerminal: true, noColor: false))
        #expect(ColorChoice.auto.enabled(isTerminal: true, noColor: false))
        #expect(!ColorChoice.auto.enabled(isTerminal: true, noColor: true))
        #expect(!ColorChoice.auto.enabled(isTerminal: false, noColor: false))
    }

    // MARK: - Redraws

    @Test func identicalRedrawsAreNotSentTwice() throws {
        let screen = FakeScreen(isTerminal: true)
        let sink = TerminalSink(screen: screen, color: .always, noColor: false)
        var session = Self.circuit()
        try Self.feed(sink, session.start())
        let afterStart = screen.shown.count
        #expect(afterStart == 1)

        // A countdown changes nothing on the display; the same snapshot twice draws once.
        try Self.feed(sink, [Event(t: Session.at(27), due: Session.at(27), .countdown(.init(index: 0, remaining: 3)))])
        #expect(screen.shown.count == afterStart)
        let snapshot = session.snapshot(at: 3.1)
        sink.update(snapshot)
        sink.update(snapshot)
        // Still 0:27 left and the same length of bars.
        sink.update(session.snapshot(at: 3.2))
        #expect(screen.shown.count == afterStart + 1)
        sink.update(session.snapshot(at: 4))
        #expect(screen.shown.count == afterStart + 2)
        #expect(zip(screen.shown, screen.shown.dropFirst()).allSatisfy { $0 != $1 })
    }
}
