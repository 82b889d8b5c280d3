import Foundation
import PacerTestSupport
import Testing

@testable import PacerFoundation

private let everyControl: [Unicode.Scalar] = (Array(0x00..<0x20) + Array(0x7F...0x9F) + Array(0x2028...0x202E) + Array(0x2066...0x2069))
    .map { Unicode.Scalar(UInt32($0))! }

@Suite("TerminalText")
struct TerminalTextTests {
    // Issue 7, item 2: workout text reached the terminal unfiltered (OSC 52, OSC 0, CSI 2J, BS over `next:`).
    @Test func everyControlCharacterIsShownAsAnEscape() {
        for scalar in everyControl {
            let text = "a" + String(Character(scalar)) + "b"
            let expected = "a\\u{" + String(scalar.value, radix: 16) + "}b"
            #expect(TerminalText(text).rendered == expected, "U+\(String(scalar.value, radix: 16))")
            if scalar != "\n" {
                #expect(TerminalText(lines: text).rendered == expected, "U+\(String(scalar.value, radix: 16))")
            }
        }
        // One line: a line break is shown too; several lines keep theirs. (A literal is Pacer's own
        // text, so the line must come from a variable, as a workout's text does.)
        let twoLines = "a\nb\r"
        #expect(TerminalText(twoLines).rendered == #"a\u{a}b\u{d}"#)
        #expect(TerminalText(lines: twoLines).rendered == "a\nb\\u{d}")
        // Text without controls passes untouched, wide characters and emoji included.
        #expect(TerminalText("Squats 深蹲 🏋️ café").rendered == "Squats 深蹲 🏋️ café")
    }

    // Issue 33, item 25: U+2028 and U+2029 reached the terminal raw, where some terminals break the line.
    @Test func lineAndParagraphSeparatorsAreShownAsEscapes() {
        let name = "Squats\u{2028}Lunges\u{2029}"
        #expect(TerminalText(name).rendered == #"Squats\u{2028}Lunges\u{2029}"#)
        #expect(TerminalText(lines: name).rendered == #"Squats\u{2028}Lunges\u{2029}"#)
        #expect(("next: \(name)" as TerminalText).rendered == #"next: Squats\u{2028}Lunges\u{2029}"#)
    }

    // Issue 7, item 2: interpolated values are shown safely; only Pacer's own literal keeps line breaks.
    @Test func interpolatedTextIsShownSafely() {
        let name = "Squats\u{1B}]52;c;cHduZWQ=\u{07}"
        let text: TerminalText = "next: \(name)\n» \(TerminalText("\u{9B}2J\u{8}\u{7F}"))"
        #expect(text.rendered == "next: Squats\\u{1b}]52;c;cHduZWQ=\\u{7}\n» \\u{9b}2J\\u{8}\\u{7f}")
        #expect(!text.rendered.unicodeScalars.contains { actsOnATerminal($0) })
    }

    // Issue 7, item 2: styles are the only escapes a TerminalText may hold, and only SGR ones.
    @Test func onlySGRStylesCanBeAdded() {
        let word = TerminalText("Work")
        #expect(TerminalText.styled(word, "1;31").rendered == "\u{1B}[1;31mWork\u{1B}[0m")
        for parameters in ["2J", "0m\u{1B}]0;PWNED\u{07}", "1;31m\u{1B}[2J", "", "\u{9B}"] {
            #expect(TerminalText.styled(word, parameters).rendered == "Work", "\(parameters.debugDescription)")
        }
    }

    @Test func appendingStyledTextIsAppendingWhatStyledMakes() {
        for parameters in ["1;31", "2", "", "2J", "0m\u{1B}]0;PWNED\u{07}"] {
            var line = TerminalText("phase ")
            line.append(TerminalText("██\u{1B}[2J"), styled: parameters)
            #expect(
                line.isIdentical(to: TerminalText("phase ") + .styled(TerminalText("██\u{1B}[2J"), parameters)),
                "\(parameters.debugDescription)")
        }
    }

    @Test(arguments: [0, 1, 2, 3, 7, 80, 513])
    func aRunOfOneCharacterHoldsThatManyCopiesShownSafely(count: Int) {
        #expect(TerminalText.repeating("█", count: count).rendered == String(repeating: "█", count: count))
        #expect(TerminalText.repeating("█", count: count).width == count)
        #expect(TerminalText.repeating("\u{1B}", count: count).rendered == String(repeating: "\\u{1b}", count: count))
        #expect(TerminalText.repeating("é", count: -count).rendered.isEmpty)
    }

    // Issue 7, item 10: wide (CJK, emoji) text was measured in characters, not terminal cells.
    @Test func widthIsMeasuredInCells() {
        #expect(DisplayWidth.of("Squats") == 6)
        #expect(DisplayWidth.of("深蹲") == 4)
        #expect(DisplayWidth.of("스쿼트") == 6)
        #expect(DisplayWidth.of("🏋") == 2)
        #expect(DisplayWidth.of("👍🏽") == 2, "an emoji with a skin-tone modifier is one wide character")
        #expect(DisplayWidth.of("🇫🇷") == 2, "a flag is one wide character")
        #expect(DisplayWidth.of("👍🏽 ok") == DisplayWidth.of(Character("👍🏽")) + 3, "a string counts as its characters do")
        #expect(DisplayWidth.of("e\u{301}") == 1, "a combining accent takes no cell")
        #expect(DisplayWidth.of("ｗｉｄｅ") == 8, "fullwidth forms")
        #expect(TerminalText("深蹲 x").width == 6)
    }

    // Issue 7, item 10: cutting text to a width counts cells, never leaving a wide character half shown.
    @Test func truncationCountsCells() {
        let name = TerminalText("深蹲深蹲深蹲深蹲深蹲") // 20 cells
        for width in 0...22 {
            let cut = name.truncated(toWidth: width)
            #expect(cut.width <= width, "\(width): \(cut.rendered)")
            if width < 20 && width > 0 {
                #expect(cut.rendered.hasSuffix("…"), "\(width): \(cut.rendered)")
                #expect(
                    cut.width >= width - 1, "no more than the half cell a wide character cannot fill is lost: \(width): \(cut.rendered)")
            }
        }
        #expect(name.truncated(toWidth: 20) == name)
        let styled = TerminalText.styled(TerminalText("🏋🏋🏋🏋"), "1")
        #expect(styled.truncated(toWidth: 5).rendered == "\u{1B}[1m🏋🏋…\u{1B}[0m", "styles survive a cut")
    }
}

@Suite("JSONText")
struct JSONTextTests {
    // Issue 7, item 2: the log keeps the exact text, with every C0, DEL and C1 control escaped.
    @Test func controlsAreEscapedAndTheTextSurvivesExactly() throws {
        var text = "Squats "
        for scalar in everyControl { text.unicodeScalars.append(scalar) }
        text += " \"quoted\" \\ 深蹲 🏋️"
        let quoted = JSONText.quoted(text)
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(quoted)")
        #expect(quoted.contains(#"\u001b"#) && quoted.contains(#"\u009b"#) && quoted.contains(#"\u007f"#))
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
        #expect(decoded == [text])
    }

    /// Printable ASCII without a quote or a backslash is quoted as it is; anything else takes the
    /// escaping path, whichever byte of it is the first.
    @Test func plainASCIIIsItsOwnLiteralAndEveryOtherTextIsEscaped() {
        #expect(JSONText.quoted("") == #""""#)
        #expect(JSONText.quoted("Back squat (set 2/5) ~ {round}") == #""Back squat (set 2/5) ~ {round}""#)
        #expect(JSONText.quoted(#"say "go""#) == #""say \"go\"""#)
        #expect(JSONText.quoted(#"a\b"#) == #""a\\b""#)
        #expect(JSONText.quoted("tab\there") == #""tab\there""#)
        #expect(JSONText.quoted("del\u{7F}") == #""del\u007f""#)
        #expect(JSONText.quoted("Crème") == "\"Crème\"")
    }
}
