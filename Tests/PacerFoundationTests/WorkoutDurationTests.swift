import Testing

@testable import PacerFoundation

@Suite("Durations")
struct WorkoutDurationTests {
    // MARK: - Parsing

    @Test(
        arguments: [
            ("45s", 45_000), ("2m", 120_000), ("1m30s", 90_000), ("1m 30s", 90_000), ("1h5m", 3_900_000),
            ("1h 5m 10s", 3_910_000), ("90", 90_000), ("1:30", 90_000), ("0:05", 5_000), ("12:05", 725_000),
            ("90:00", 5_400_000), ("1:02:03", 3_723_000), ("24:00:00", 86_400_000), ("500ms", 500),
            ("1s 500ms", 1_500), ("1m500ms", 60_500), ("1.5s", 1_500), ("1.5m", 90_000), ("2.25", 2_250),
            ("1:30.5", 90_500), ("45 s", 45_000), ("  45s\t", 45_000), ("24h", 86_400_000), ("86400", 86_400_000),
            ("0.001", 1), ("2.0004", 2_000), ("2.0006", 2_001), ("1.2346s", 1_235),
        ] as [(String, Int64)])
    func parsesEverySyntaxOfTheFormat(text: String, milliseconds: Int64) throws {
        #expect(try WorkoutDuration.parse(text) == WorkoutDuration(milliseconds: milliseconds))
    }

    @Test(
        arguments: [
            ("45 sec", 45_000), ("30 secs", 30_000), ("1 min", 60_000), ("2 mins", 120_000), ("1 hour", 3_600_000),
            ("2 hours", 7_200_000), ("1 min 30 secs", 90_000), ("1hour 5min", 3_900_000), ("1.5 mins", 90_000),
            ("1 h 2 min 3 sec", 3_723_000), ("1 min 500ms", 60_500),
        ] as [(String, Int64)])
    func parsesUnitsSpelledAsWords(text: String, milliseconds: Int64) throws {
        #expect(try WorkoutDuration.parse(text) == WorkoutDuration(milliseconds: milliseconds))
    }

    @Test(arguments: ["1 minute", "1 mi", "1 sect", "30 sec 1 min", "1 min 1m", "1 hr", "1 mins s", "min"])
    func rejectsOtherWordSpellings(text: String) {
        #expect(throws: WorkoutDuration.ParseError.malformed) { try WorkoutDuration.parse(text) }
    }

    @Test(
        arguments: [
            (".5s", WorkoutDuration.ParseError.malformed), ("1:5", .malformed), ("1:75", .malformed), ("1:60", .malformed),
            ("1:02:3", .malformed), ("1:2:03", .malformed), ("1::30", .malformed), ("1:02:03:04", .malformed),
            ("1.5:30", .malformed), ("1:30s", .malformed), ("30s1m", .malformed), ("1m1m", .malformed), ("5ms1s", .malformed),
            ("", .malformed), ("   ", .malformed), ("-30s", .malformed), ("-30", .malformed), ("s", .malformed),
            ("30x", .malformed), ("1e3", .malformed), ("1.s", .malformed), ("1..5s", .malformed), ("٣٠s", .malformed),
            ("0", .notPositive), ("0s", .notPositive), ("0:00", .notPositive), ("0.0004", .notPositive),
            ("25h", .tooLong), ("86401", .tooLong), ("24:00:01", .tooLong), ("1441m", .tooLong),
            ("99999999999999999999999s", .tooLong),
        ] as [(String, WorkoutDuration.ParseError)])
    func rejectsWhatIsNotADuration(text: String, expected: WorkoutDuration.ParseError) {
        #expect(throws: expected) { try WorkoutDuration.parse(text) }
    }

    @Test func readsSecondsRoundedToTheMillisecond() throws {
        #expect(try WorkoutDuration.fromSeconds(30) == .seconds(30))
        #expect(try WorkoutDuration.fromSeconds(0.25) == WorkoutDuration(milliseconds: 250))
        #expect(try WorkoutDuration.fromSeconds(1.2346) == WorkoutDuration(milliseconds: 1_235))
        #expect(try WorkoutDuration.fromSeconds(1.2344) == WorkoutDuration(milliseconds: 1_234))
        #expect(try WorkoutDuration.fromSeconds(86_400) == .maximumStep)
        #expect(throws: WorkoutDuration.ParseError.notPositive) { try WorkoutDuration.fromSeconds(0) }
        #expect(throws: WorkoutDuration.ParseError.notPositive) { try WorkoutDuration.fromSeconds(-1) }
        #expect(throws: WorkoutDuration.ParseError.notPositive) { try WorkoutDuration.fromSeconds(0.0004) }
        #expect(throws: WorkoutDuration.ParseError.tooLong) { try WorkoutDuration.fromSeconds(86_400.001) }
        #expect(throws: WorkoutDuration.ParseError.tooLong) { try WorkoutDuration.fromSeconds(.infinity) }
    }

    // MARK: - Arithmetic

    @Test func arithmeticAndOrdering() {
        let a = WorkoutDuration.seconds(90)
        let b = WorkoutDuration(milliseconds: 500)
        #expect(a + b == WorkoutDuration(milliseconds: 90_500))
        #expect(a - b == WorkoutDuration(milliseconds: 89_500))
        #expect(b < a)
        #expect(!(a < a))
        #expect(a.seconds == 90)
        #expect(b.seconds == 0.5)
        #expect(WorkoutDuration.maximumWorkout == .seconds(604_800))
    }

    // MARK: - Formatting

    @Test(arguments: [
        (Int64(0), "0:00"), (1, "0:01"), (999, "0:01"), (1_000, "0:01"), (1_001, "0:02"), (44_001, "0:45"),
        (45_000, "0:45"), (59_999, "1:00"), (90_000, "1:30"), (600_000, "10:00"), (725_000, "12:05"),
        (3_599_000, "59:59"), (3_600_000, "1:00:00"), (3_723_000, "1:02:03"), (86_400_000, "24:00:00"),
        (360_000_000, "100:00:00"), (604_800_000, "168:00:00"), (-5_000, "0:00"),
    ])
    func clockRoundsUpToWholeSeconds(milliseconds: Int64, expected: String) {
        #expect(WorkoutDuration(milliseconds: milliseconds).clock == expected)
    }

    @Test(arguments: [
        (Int64(0), "0s"), (1, "0.001s"), (500, "0.5s"), (2_500, "2.5s"), (45_000, "45s"), (59_999, "59.999s"),
        (60_000, "1m"), (90_000, "1m 30s"), (420_000, "7m"), (480_000, "8m"), (3_600_000, "1h"),
        (3_900_000, "1h 5m"), (3_723_000, "1h 2m 3s"), (86_400_000, "1d"), (691_200_000, "8d"),
        (90_061_000, "1d 1h 1m 1s"),
    ])
    func spokenIsReadable(milliseconds: Int64, expected: String) {
        #expect(WorkoutDuration(milliseconds: milliseconds).spoken == expected)
    }

    @Test(arguments: [
        (Int64(0), "0"), (3_000, "3"), (12_500, "12.5"), (1, "0.001"), (10, "0.01"), (100, "0.1"),
        (1_050, "1.05"), (123_456, "123.456"), (-250, "-0.25"), (-1, "-0.001"), (-7_000, "-7"),
        (Int64.min, "-9223372036854775.808"),
    ])
    func decimal3WritesAtMostThreeFractionDigits(thousandths: Int64, expected: String) {
        #expect(Decimal3(thousandths).text == expected)
    }

    @Test(arguments: [
        (Int64(0), "0.000"), (3_000, "3.000"), (12_500, "12.500"), (1, "0.001"), (1_050, "1.050"), (-250, "-0.250"),
    ])
    func decimal3CanWriteExactlyThreeFractionDigits(thousandths: Int64, expected: String) {
        #expect(Decimal3(thousandths, fixed: true).text == expected)
    }
}
