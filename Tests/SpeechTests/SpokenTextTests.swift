import PacerFoundation
import Speech
import Testing

@Suite("SpokenText")
struct SpokenTextTests {
    @Test func controlCharactersBracketsAndLeadingDashesGo() {
        #expect(SpokenText.clean("Wall sit") == "Wall sit")
        #expect(SpokenText.clean("  Wall\t\tsit \n") == "Wall sit")
        #expect(SpokenText.clean("\u{1B}[31mRed\u{1B}[0m") == "31mRed 0m")
        #expect(SpokenText.clean("-v en --stdout") == "v en --stdout")
        #expect(SpokenText.clean(" - -x") == "x")
        #expect(SpokenText.clean("[[volm 0]] Squats") == "volm 0 Squats")
        #expect(SpokenText.clean("a\u{202E}b\u{200B}c") == "a b c")
        #expect(SpokenText.clean("\u{0}\u{7}\n") == nil)
        #expect(SpokenText.clean("") == nil)
        #expect(SpokenText.clean("Sprint 1/8") == "Sprint 1 of 8")
        #expect(SpokenText.clean("a/b 1/ /2") == "a/b 1/ /2")
        #expect(SpokenText.clean("Straße, 30 s — ça va") == "Straße, 30 s — ça va")
    }

    @Test func longTextIsCutAtAWordAndHugeTextCostsNoMoreThanItsStart() {
        let cut = SpokenText.clean(String(repeating: "breathe ", count: 40))
        #expect(cut?.count ?? 0 <= SpokenText.maximumLength && cut?.hasSuffix("breathe") == true)
        let word = SpokenText.clean(String(repeating: "x", count: 500))
        #expect(word?.count == SpokenText.maximumLength)
        let huge = String(repeating: "\u{1}go ", count: 2_000_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(SpokenText.clean(huge)?.count ?? 0 <= SpokenText.maximumLength) }
        #expect(elapsed < .milliseconds(500), "\(elapsed) for 8 MB, of which only the start is needed")
        #expect(SpokenText.clean("one two three", limit: 9) == "one two")
    }

    @Test func numbersAndDurationsAreSaidAsACoachSaysThem() {
        #expect((0...10).map(SpokenText.number) == ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"])
        #expect(SpokenText.number(12) == "12")
        #expect(SpokenText.duration(.seconds(30)) == "30 seconds")
        #expect(SpokenText.duration(.seconds(1)) == "1 second")
        #expect(SpokenText.duration(.seconds(60)) == "1 minute")
        #expect(SpokenText.duration(.seconds(90)) == "1 minute 30 seconds")
        #expect(SpokenText.duration(.seconds(3900)) == "1 hour 5 minutes")
        #expect(SpokenText.duration(.seconds(86_400)) == "24 hours")
        #expect(SpokenText.duration(WorkoutDuration(milliseconds: 2500)) == "2.5 seconds")
        #expect(SpokenText.counted(1, "rep") == "1 rep" && SpokenText.counted(5, "rep") == "5 reps")
    }

    @Test func theTimingEstimateGrowsWithTheTextAndShrinksWithTheRate() {
        let normal = SpeechTiming()
        #expect(normal.length(of: "three") < normal.length(of: "Wall sit, 30 seconds"))
        // Measured on espeak-ng: 1.64 s for this phrase.
        #expect(abs((normal.length(of: "Wall sit, 30 seconds") - .milliseconds(1640)).nanoseconds) < 200_000_000)
        #expect(SpeechTiming(rate: 350).length(of: "Wall sit, 30 seconds") * 2 == normal.length(of: "Wall sit, 30 seconds"))
    }
}
