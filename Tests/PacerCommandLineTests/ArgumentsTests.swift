import PacerCommandLine
import Testing

/// The command line is checked in one place and read back typed.
@Suite("arguments")
struct ArgumentsTests {
    static let count = Option<Int>("--count", value: "N", help: "how many") { text throws(UsageError) in
        guard let number = Int(text) else { throw UsageError(message: "--count takes a number, not '\(text)'") }
        return number
    }
    static let tag = Option<String>("--tag", value: "WORD", help: "a tag (repeatable)", repeats: true)
    static let quiet = Flag("--quiet", help: "say less")
    static let output = Option<String>("-o", value: "FILE", help: "where")
    static let options = [count.spec, tag.spec, quiet.spec, output.spec]

    private static func message(_ words: [String]) -> String? {
        do throws(UsageError) {
            _ = try Arguments(words, options: options)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func valuesAreReadBackTyped() throws {
        let arguments = try Arguments(["--count", "3", "a", "--tag=x", "--quiet", "--tag", "y", "--", "--count"], options: Self.options)
        #expect(arguments[Self.count] == 3)
        #expect(arguments.all(Self.tag) == ["x", "y"])
        #expect(arguments[Self.quiet])
        #expect(arguments.positionals == ["a", "--count"])
        let none = try Arguments(["-10"], options: Self.options)
        #expect(none[Self.count] == nil && !none[Self.quiet] && none.all(Self.tag).isEmpty && none.positionals == ["-10"])
    }

    @Test func everyMistakeIsAUsageErrorFromOnePlace() {
        #expect(Self.message(["--cout", "3"]) == "unknown option '--cout' (did you mean '--count'?)")
        #expect(Self.message(["--count"]) == "option '--count' needs a value (N)")
        #expect(Self.message(["--count", "many"]) == "--count takes a number, not 'many'")
        #expect(Self.message(["--quiet=yes"]) == "option '--quiet' takes no value")
        #expect(Self.message(["--count", "1", "--count", "2"]) == "--count is given 2 times; give it once")
        #expect(Self.message(["--quiet", "--quiet"]) == "--quiet is given 2 times; give it once")
        #expect(Self.message(["--tag", "a", "--tag", "b"]) == nil)
    }

    /// Issue 41, item 19: `-f` suggested `--o`, and `--o` suggested itself.
    @Test func aSuggestionIsAnOptionThatExistsSpelledAsDeclared() {
        #expect(Self.message(["--o", "x"]) == "unknown option '--o' (did you mean '-o'?)")
        #expect(Self.message(["-f"]) == "unknown option '-f'")
        #expect(Self.message(["-q"]) == "unknown option '-q'")
        #expect(Self.message(["-quiet"]) == "unknown option '-quiet' (did you mean '--quiet'?)")
    }
}
