import PacerEngine
import TerminalRendering
import TerminalSink
import Testing

/// How the live display chooses the size of its digits for the terminal it is in.
@Suite("The clock's size")
struct ClockSizeTests {
    /// The most lines `help`, the longest reply, takes: with digits bigger than the smallest, the
    /// display leaves room for them under the block, with the prompt and a blank row.
    private static let helpLines = CommandGrammar.helpLines

    /// The display of a 30 s work phase (or `seconds`) on a terminal `columns` × `rows`.
    private static func block(columns: Int, rows: Int, seconds: Int64 = 30) throws -> [String] {
        let screen = FakeScreen(isTerminal: true, columns: columns, rows: rows)
        var session = Session([work("Squats", seconds, cue: "Chest up", round: 2, rounds: 3), rest(10)])
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        for event in session.start() { try sink.receive(event) }
        return screen.block
    }

    /// The rows of big digits in a block: nil for the compact form, which has none.
    private static func digitRows(_ block: [String]) -> Int? {
        guard block.count > 2 else { return nil }
        return block.dropFirst(2).prefix { $0.contains("█") }.count
    }

    /// Checks that `block` fits a terminal `columns` × `rows` with the rows it keeps under it.
    private static func expectFits(_ block: [String], columns: Int, rows: Int, digits: Int) {
        #expect(block.allSatisfy { $0.count <= columns - 1 }, "\(columns)×\(rows): \(block)")
        #expect(block.count == digits + 7, "\(columns)×\(rows)")
        let under = digits == 5 ? 2 : 2 + helpLines
        #expect(block.count + under <= rows, "\(columns)×\(rows): \(block.count) lines leave no room for the prompt")
    }

    // 80×24 keeps the display it always had; two rows more make room for the next size.
    @Test(arguments: [(80, 24, 5), (80, 25, 5), (80, 26, 7), (100, 30, 11), (120, 40, 21), (220, 60, 39)])
    func theDigitsAreTheLargestThatFit(columns: Int, rows: Int, digits: Int) throws {
        let block = try Self.block(columns: columns, rows: rows)
        #expect(Self.digitRows(block) == digits, "\(columns)×\(rows)")
        Self.expectFits(block, columns: columns, rows: rows, digits: digits)
    }

    // A clock of five characters is wider: the width decides.
    @Test func aTenMinuteClockTakesTheLargestSizeThatIsNarrowEnough() throws {
        for (columns, rows, digits) in [(120, 40, 15), (220, 60, 29)] {
            let block = try Self.block(columns: columns, rows: rows, seconds: 600)
            #expect(Self.digitRows(block) == digits, "\(columns)×\(rows)")
            Self.expectFits(block, columns: columns, rows: rows, digits: digits)
        }
    }

    @Test func theSmallestTerminalWithBigDigitsIs41x14() throws {
        let block = try Self.block(columns: 41, rows: 14)
        #expect(Self.digitRows(block) == 5)
        Self.expectFits(block, columns: 41, rows: 14, digits: 5)
    }

    @Test func justBelow41x14TheDisplayIsCompact() throws {
        for (columns, rows) in [(40, 14), (41, 13)] {
            let block = try Self.block(columns: columns, rows: rows)
            #expect(Self.digitRows(block) == nil, "\(columns)×\(rows): \(block)")
            #expect(block.count == 2 && block[0].contains("0:30"), "\(columns)×\(rows): \(block)")
        }
    }

    @Test func aResizePicksTheSizeAgain() throws {
        let screen = FakeScreen(isTerminal: true, columns: 80, rows: 24)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Session([work("Squats", 30), rest(10)])
        for event in session.start() { try sink.receive(event) }
        for (second, columns, rows, digits) in [(1.0, 220, 60, 39), (2.0, 100, 30, 11), (3.0, 80, 24, 5), (4.0, 60, 12, nil)] {
            screen.resize(columns: columns, rows: rows)
            sink.update(session.snapshot(at: second))
            #expect(Self.digitRows(screen.block) == digits, "\(columns)×\(rows)")
        }
    }

    // Counting down from 10:00 to 9:59 narrows the clock; a size chosen for the narrower text
    // would make the digits jump at the first second.
    @Test func theDigitsKeepTheirSizeWhileAPhaseCountsDown() throws {
        let screen = FakeScreen(isTerminal: true, columns: 220, rows: 60)
        let sink = TerminalSink(screen: screen, color: .never, noColor: false)
        var session = Session([work("Run", 600)])
        for event in session.start() { try sink.receive(event) }
        #expect(Self.digitRows(screen.block) == 29)
        sink.update(session.snapshot(at: 1))
        #expect(screen.block[0].contains("Run") && Self.digitRows(screen.block) == 29, "\(screen.block)")
    }

    @Test func noTerminalIsTooSmall() throws {
        for (columns, rows) in [(0, 0), (1, 1), (0, 24), (220, 0), (2, 60), (1000, 1000)] {
            let block = try Self.block(columns: columns, rows: rows)
            #expect(!block.isEmpty, "\(columns)×\(rows)")
        }
    }
}
