import PacerTestSupport
import Testing

@testable import TerminalRendering

/// Going from one style to another names only what differs when that is shorter, and a terminal
/// that takes the change ends in the new style.
@Suite("SGR attributes")
struct SGRAttributesTests {
    private static func attributes(_ parameters: String) throws -> SGRAttributes {
        try #require(SGRAttributes(parameters: parameters), "\(parameters) is understood")
    }

    /// The parameters of what takes a terminal from `old` to `new`; nil when nothing is written.
    private static func change(from old: String, to new: String) throws -> String? {
        var bytes: [UInt8] = []
        try attributes(new).writeChange(from: attributes(old), to: &bytes)
        guard !bytes.isEmpty else { return nil }
        let written = String(decoding: bytes, as: UTF8.self)
        #expect(written.hasPrefix("\u{1B}[") && written.hasSuffix("m"), "\(written.debugDescription)")
        return String(written.dropFirst(2).dropLast())
    }

    @Test(arguments: [
        ("1;31", "1", "39"),
        ("", "1;31", "1;31"),
        ("1;31", "", ""),
        ("1", "1;31", "31"),
        ("1;31", "1;32", "32"),
        ("2", "1", "0;1"),
        ("1;2;31", "1;31", "22;1"),
        ("1;2", "1", "0;1"),
        ("1;7;33", "1;33", "27"),
        ("1;44", "1", "49"),
        ("38;5;208", "31", "31"),
        ("4;32", "32", "24"),
        ("1;31", "2", "0;2"),
    ])
    func aChangeNamesWhatDiffersWhenThatIsShorter(old: String, new: String, change: String) throws {
        #expect(try Self.change(from: old, to: new) == change, "\(old) → \(new)")
    }

    @Test func theSameStyleWrittenOtherwiseNeedsNoChange() throws {
        #expect(try Self.change(from: "1;31", to: "31;1") == nil)
        #expect(try Self.change(from: "31", to: "1;;31") == nil, "an empty parameter resets")
        #expect(try Self.change(from: "", to: "1;22;4;24") == nil)
    }

    @Test(arguments: ["21", "53", "38;5", "38;5;300", "48;2;1;2", "38;9;1", "1;99999999999999999999", "1;0031", "x", "1:31"])
    func parametersNotUnderstoodAreRefused(parameters: String) {
        #expect(SGRAttributes(parameters: parameters) == nil)
    }

    @Test func aSpaceShowsOnlyABackgroundAReversalOrALine() throws {
        for parameters in ["", "1", "2", "3", "5", "8", "1;31", "38;2;1;2;3", "1;7;27", "44;49"] {
            #expect(try !Self.attributes(parameters).showsOnBlank, "\(parameters)")
        }
        for parameters in ["4", "7", "9", "44", "104", "48;5;1", "1;4;31"] {
            #expect(try Self.attributes(parameters).showsOnBlank, "\(parameters)")
        }
    }

    // Every change between styles, taken by a terminal in the old one, leaves it in the new one.
    @Test func aTerminalThatTakesTheChangeShowsTheNewStyle() throws {
        let styles = [
            "", "1", "2", "1;2", "3", "4", "5", "7", "8", "9", "1;31", "1;32", "2;33", "1;7;33", "4;32",
            "1;44", "38;5;208", "1;38;2;10;20;30", "48;5;17;97", "31;1;39", "0;1;24",
        ]
        for old in styles {
            for new in styles {
                let change = try Self.change(from: old, to: new)
                var changed = TerminalEmulator(columns: 2, rows: 1)
                changed.write("\u{1B}[\(old)m" + (change.map { "\u{1B}[\($0)m" } ?? "") + "x")
                var direct = TerminalEmulator(columns: 2, rows: 1)
                direct.write("\u{1B}[\(new)mx")
                #expect(changed == direct, "\(old) → \(new) by \(change ?? "nothing")")
            }
        }
    }
}
