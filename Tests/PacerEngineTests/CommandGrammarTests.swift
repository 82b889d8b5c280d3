import Testing

@testable import PacerEngine
@testable import PacerFoundation
@testable import PacerWorkout

private func parseError(_ line: String) -> String? {
    do {
        _ = try CommandGrammar.parse(line)
        return nil
    } catch {
        return error.message
    }
}

@Suite("Prompt commands")
struct CommandGrammarTests {
    @Test(arguments: [
        ("pause", Command.pause), ("resume", .resume), ("skip", .skip), ("next", .skip), ("back", .back), ("prev", .back),
        ("restart", .restart), ("status", .status), ("help", .help), ("?", .help), ("quit", .quit), ("exit", .quit),
        ("  pause  ", .pause), ("PAUSE", .pause), ("Skip", .skip), ("\tquit", .quit),
    ])
    func everyCommandAndAlias(line: String, expected: Command) throws {
        #expect(try CommandGrammar.parse(line) == expected)
    }

    @Test(arguments: ["", " ", "   ", "\t"])
    func anEmptyLineTogglesPause(line: String) throws {
        #expect(try CommandGrammar.parse(line) == .togglePause)
    }

    @Test(arguments: [
        ("+30", Int64(30_000)), ("-10", -10_000), ("+1m", 60_000), ("-1m", -60_000), ("+1:30", 90_000),
        ("+1m30s", 90_000), ("-2.5", -2_500), ("+500ms", 500), ("+ 30", 30_000), ("+45s", 45_000),
    ])
    func signedTimesExtendThePhase(line: String, milliseconds: Int64) throws {
        #expect(try CommandGrammar.parse(line) == .extend(milliseconds: milliseconds))
    }

    @Test(arguments: [
        ("done", Command.done(reps: nil, weight: nil)),
        ("done 8", .done(reps: 8, weight: nil)),
        ("done 0", .done(reps: 0, weight: nil)),
        ("done 8 @ 22.5", .done(reps: 8, weight: .number(22.5))),
        ("done 8 @ 22.5 kg", .done(reps: 8, weight: .text("22.5 kg"))),
        ("done @ 20 kg", .done(reps: nil, weight: .text("20 kg"))),
        ("done 8@20", .done(reps: 8, weight: .number(20))),
        ("done@20", .done(reps: nil, weight: .number(20))),
        ("DONE 5 @ 60", .done(reps: 5, weight: .number(60))),
        ("done 5 @ red band", .done(reps: 5, weight: .text("red band"))),
    ])
    func doneLogsRepsAndWeight(line: String, expected: Command) throws {
        #expect(try CommandGrammar.parse(line) == expected)
    }

    @Test(arguments: [
        ("paus", #"unknown command "paus" (did you mean "pause"?); type help for the list"#),
        ("skpi", #"unknown command "skpi" (did you mean "skip"?); type help for the list"#),
        ("Stauts", #"unknown command "stauts" (did you mean "status"?); type help for the list"#),
        ("xyzzy", #"unknown command "xyzzy"; type help for the list"#),
        ("pause now", "pause takes nothing after it"),
        ("next 2", "next takes nothing after it"),
        ("quit please", "quit takes nothing after it"),
        ("+abc", "+abc is not a time to add or remove: try +30, -10 or +1m"),
        ("+", "+ is not a time to add or remove: try +30, -10 or +1m"),
        ("-0", "-0 is not a time to add or remove: try +30, -10 or +1m"),
        ("+25h", "+25h is not a time to add or remove: try +30, -10 or +1m"),
        ("done eight", "done takes the reps you did and an optional weight: done 8 @ 22.5 kg"),
        ("done -1", "done takes the reps you did and an optional weight: done 8 @ 22.5 kg"),
        ("done 8 @", "say the weight after @: done 8 @ 22.5 kg"),
        ("done 8 @   ", "say the weight after @: done 8 @ 22.5 kg"),
    ])
    func errorsAreOneLineHints(line: String, message: String) {
        #expect(parseError(line) == message)
        #expect(!message.contains("\n"))
    }

    // Issue 33, item 25: `done` took INT64_MAX reps, where a file's rep step asks for at most 100,000.
    @Test(arguments: ["done 100001", "done 9223372036854775807", "done 99999999999999999999999 @ 20 kg"])
    func repsAboveARepStepsLimitAreRefused(line: String) {
        #expect(
            parseError(line)
                == "done logs at most 100000 reps, as a rep step asks for at most that many: say the reps you did, such as done 8")
    }

    @Test func asManyRepsAsARepStepMayAskForAreTaken() throws {
        #expect(try CommandGrammar.parse("done 100000") == .done(reps: 100_000, weight: nil))
    }

    // Issue 7, item 21: `done 5 @ -3` was logged as the text "-3": a weight is never negative.
    @Test(arguments: ["done 5 @ -3", "done 5 @ -3 kg", "done @ -0.5", "done 5@-3"])
    func aNegativeWeightIsRefused(line: String) {
        #expect(parseError(line) == "a weight is never negative: done 8 @ 22.5 kg")
    }

    // A thousands separator was read as a decimal point: `1,000 lb` was logged as 1 lb.
    @Test(arguments: [
        ("done 8 @ 1,000 lb", "1,000 means 1000 in some countries and 1 in others: write 1000 or 1"),
        ("done 5 @ 1.000 kg", "1.000 means 1000 in some countries and 1 in others: write 1000 or 1"),
        ("done 5 @ 12,500", "12,500 means 12500 in some countries and 12.5 in others: write 12500 or 12.5"),
    ])
    func aNumberThatReadsDifferentlyByLocaleIsRefusedWithBothReadings(line: String, message: String) {
        #expect(parseError(line) == message)
    }

    @Test(arguments: [
        ("done 8 @ 1000 lb", Weight.text("1000 lb")), ("done 8 @ 1,000,000 lb", .text("1,000,000 lb")),
        ("done 8 @ 22,5 kg", .text("22,5 kg")), ("done 8 @ 0.500", .number(0.5)), ("done 8 @ 1000.5", .number(1000.5)),
    ])
    func unambiguousNumbersAreTaken(line: String, weight: Weight) throws {
        #expect(try CommandGrammar.parse(line) == .done(reps: 8, weight: weight))
    }

    @Test(arguments: [
        ("1,000.5", WeightNumber.number(1000.5, length: 7)), ("1.000,5", .number(1000.5, length: 7)),
        ("1,000,000 kg", .number(1_000_000, length: 9)), ("1.000.000", .number(1_000_000, length: 9)),
        ("22,5", .number(22.5, length: 4)), ("22.25kg", .number(22.25, length: 5)), ("0,125", .number(0.125, length: 5)),
        ("1000,000", .number(1000, length: 8)), (".5", .number(0.5, length: 2)), ("60", .number(60, length: 2)),
        ("1,000", .ambiguous("1,000", thousands: 1000, decimal: 1)), ("2.500 kg", .ambiguous("2.500", thousands: 2500, decimal: 2.5)),
        ("1.2.3", .none), ("1,00,000", .none), ("1,000.000.5", .none), ("5.", .none), ("kg", .none), ("1,000,00", .none),
    ])
    func weightNumbersReadTheSameInEveryLocaleOrNotAtAll(text: String, reading: WeightNumber) {
        #expect(WeightNumber(text.unicodeScalars) == reading, "\(text)")
    }

    // Issue 7, item 21: `done 5 @ 0x10` was taken as 16; only plain decimals are numbers.
    @Test(arguments: ["0x10", "1e3", "0x1p3", "inf", "nan", "+5", "1_000", "٣"])
    func onlyPlainDecimalsAreNumericWeights(weight: String) throws {
        #expect(try CommandGrammar.parse("done 5 @ \(weight)") == .done(reps: 5, weight: .text(weight)))
    }

    // Issue 7, item 21: the strict decimals behind --speed and weights.
    @Test func decimalValueTakesPlainDecimalsOnly() {
        for (text, value) in [("12", 12.0), ("22.5", 22.5), (".5", 0.5), ("0010", 10), ("1000", 1000)] {
            #expect(text.decimalValue == value, "\(text)")
        }
        for text in [
            "", ".", "0x10", "0X10", "1e2", "1E2", "+5", "-5", " 5", "5 ", "1.2.3", "inf", "nan", "infinity", "1_0", "0x1p3", "١٢",
        ] {
            #expect(text.decimalValue == nil, "\(text.debugDescription)")
        }
    }

    @Test func everyCompletionWordIsACommand() throws {
        // `measure` alone says what it needs; with a value it is a command like the others.
        for word in CommandGrammar.words {
            #expect(parseError(word == "measure" ? "measure power=200" : word) == nil, "\(word)")
        }
        #expect(
            Set(CommandGrammar.words).isSuperset(of: [
                "pause", "resume", "skip", "next", "back", "prev", "restart", "done", "status", "help", "quit",
            ]))
    }

    @Test func helpMentionsEveryCommandWord() {
        for word in CommandGrammar.words {
            #expect(CommandGrammar.help.contains(word), "\(word)")
        }
    }
}
