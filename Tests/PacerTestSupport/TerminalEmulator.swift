import PacerFoundation
import Synchronization
import TerminalRendering
import Testing

/// A terminal's screen for tests, written apart from Pacer's drawing code: it takes the cursor
/// moves, line and character erasures and SGR styles the live display writes, overwrites wide
/// characters as terminals do, and notes every cell a write puts a character in or erases. A
/// cell holds what the eye sees: its style as the attributes in force (however they were
/// written), and a space without the attributes that do not show on a space.
package struct TerminalEmulator: Equatable, CustomStringConvertible {
    /// A cell: its character and style. The right half of a wide character has the character too.
    package struct Cell: Hashable {
        package var text = " "
        /// The attributes in force: `1`…`9` for bold to crossed out, `fg:…` and `bg:…` for colours.
        package var style: Set<String> = []
        package var isRightHalf = false
    }

    /// A cell's place, from 0.
    package struct Position: Hashable, CustomStringConvertible {
        package let row: Int
        package let column: Int

        package init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }

        package var description: String { "\(row):\(column)" }
    }

    package private(set) var cells: [[Cell]]
    /// The cells given a character, or erased when they were not blank, since the last `forgetWritten`.
    package private(set) var written: Set<Position> = []
    private var row = 0
    private var column = 0
    /// Set after a character in the last column: the cursor stays there, and the next character
    /// would go on the next row.
    private var pendingWrap = false
    private var style: Set<String> = []

    package init(columns: Int, rows: Int) {
        cells = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
    }

    /// A screen that shows `block` drawn plainly, line by line at the start of each row, as
    /// the display was drawn before it kept track of cells.
    package static func showing(_ block: [TerminalText], columns: Int, rows: Int) -> TerminalEmulator {
        var screen = TerminalEmulator(columns: columns, rows: rows)
        for (index, line) in block.prefix(rows).enumerated() {
            screen.write("\u{1B}[\(index + 1);1H" + line.rendered)
        }
        screen.forgetWritten()
        return screen
    }

    package static func == (lhs: TerminalEmulator, rhs: TerminalEmulator) -> Bool {
        lhs.cells == rhs.cells
    }

    package var description: String { lines.joined(separator: "\n") }

    /// The first `count` rows, where the live block is.
    package func top(_ count: Int) -> [[Cell]] {
        Array(cells.prefix(count))
    }

    /// The rows as plain text, without trailing blanks.
    package var lines: [String] {
        cells.map { row in
            String(row.filter { !$0.isRightHalf }.map(\.text).joined().reversed().drop { $0 == " " }.reversed())
        }
    }

    /// The places where this screen and `other` differ.
    package func differences(from other: TerminalEmulator) -> Set<Position> {
        var places: Set<Position> = []
        for (row, (mine, theirs)) in zip(cells, other.cells).enumerated() {
            for (column, (a, b)) in zip(mine, theirs).enumerated() where a != b {
                places.insert(Position(row: row, column: column))
            }
        }
        return places
    }

    package mutating func forgetWritten() {
        written = []
    }

    /// Fills every cell with `character`, as a screen left in an unknown state.
    package mutating func fill(with character: String) {
        cells = cells.map { $0.map { _ in Cell(text: character) } }
    }

    /// Takes bytes as the terminal gets them, UTF-8.
    package mutating func write(_ bytes: [UInt8]) {
        write(String(decoding: bytes, as: UTF8.self))
    }

    package mutating func write(_ text: String) {
        var characters = text[...]
        while let character = characters.popFirst() {
            if character == "\u{08}" {
                pendingWrap = false
                column = max(0, column - 1)
                continue
            }
            guard character == "\u{1B}" else {
                put(character)
                continue
            }
            if characters.first == "D" {
                characters.removeFirst()
                pendingWrap = false
                row = min(cells.count - 1, row + 1)
                continue
            }
            guard characters.popFirst() == "[" else {
                Issue.record("an escape sequence that is not a CSI in \(text.debugDescription)")
                return
            }
            let parameters = String(characters.prefix { !$0.isLetter })
            characters = characters.dropFirst(parameters.count)
            guard let final = characters.popFirst() else {
                Issue.record("an unfinished escape sequence in \(text.debugDescription)")
                return
            }
            perform(final, parameters.split(separator: ";", omittingEmptySubsequences: false).map(String.init))
        }
    }

    private mutating func perform(_ final: Character, _ parameters: [String]) {
        if final != "m" { pendingWrap = false }
        switch final {
        case "H":
            row = max(1, Int(parameters.first ?? "1") ?? 1) - 1
            column = max(1, Int(parameters.count > 1 ? parameters[1] : "1") ?? 1) - 1
        case "A", "B", "C", "D":
            let count = max(1, Int(parameters.first ?? "1") ?? 1)
            switch final {
            case "A": row = max(0, row - count)
            case "B": row = min(cells.count - 1, row + count)
            case "C": column = min((cells.first?.count ?? 1) - 1, column + count)
            default: column = max(0, column - count)
            }
        case "G":
            column = max(1, Int(parameters.first ?? "1") ?? 1) - 1
        case "X":
            let count = max(1, Int(parameters.first ?? "1") ?? 1)
            guard row < cells.count else { return }
            let end = min(cells[row].count, column + count)
            if cells[row][column].isRightHalf { erase(row: row, column: column - 1) }
            if end < cells[row].count, cells[row][end].isRightHalf { erase(row: row, column: end) }
            for place in column..<end { erase(row: row, column: place) }
        case "K":
            let from = parameters.first == "2" ? 0 : column
            guard row < cells.count else { return }
            for place in from..<max(from, cells[row].count) { erase(row: row, column: place) }
        case "m":
            applyStyle(parameters)
        default:
            Issue.record("an unexpected sequence ending in \(final)")
        }
    }

    /// Takes an SGR's parameters as a terminal does, one after another.
    private mutating func applyStyle(_ parameters: [String]) {
        var rest = parameters[...]
        while let parameter = rest.popFirst() {
            let number = parameter.isEmpty ? 0 : Int(parameter) ?? -1
            switch number {
            case 0: style = []
            case 1...9: style.insert(String(number))
            case 22: style.subtract(["1", "2"])
            case 23...29: style.remove(String(number - 20))
            case 30...37, 90...97: setColour("fg", String(number))
            case 40...47, 100...107: setColour("bg", String(number))
            case 39: setColour("fg", nil)
            case 49: setColour("bg", nil)
            case 38, 48:
                let count = rest.first == "5" ? 2 : rest.first == "2" ? 4 : 0
                guard count > 0, rest.count >= count else {
                    Issue.record("a colour cut short in \(parameters)")
                    return
                }
                setColour(number == 38 ? "fg" : "bg", ([parameter] + rest.prefix(count)).joined(separator: ";"))
                rest = rest.dropFirst(count)
            default:
                Issue.record("an SGR parameter not known here: \(parameter)")
            }
        }
    }

    private mutating func setColour(_ layer: String, _ colour: String?) {
        style = style.filter { !$0.hasPrefix(layer + ":") }
        if let colour { style.insert(layer + ":" + colour) }
    }

    /// Whether a space in the style in force shows anything: a background, an underline,
    /// reversed colours or a line through it.
    private var styleShowsOnBlank: Bool {
        style.contains { $0.hasPrefix("bg:") || ["4", "7", "9"].contains($0) }
    }

    private mutating func erase(row: Int, column: Int) {
        if cells[row][column] != Cell() { written.insert(Position(row: row, column: column)) }
        cells[row][column] = Cell()
    }

    private mutating func put(_ character: Character) {
        let width = DisplayWidth.of(character)
        guard row < cells.count else {
            Issue.record("written below the screen")
            return
        }
        if width == 0 {
            if column > 0 { cells[row][column - 1].text.append(character) }
            return
        }
        guard column + width <= cells[row].count, !pendingWrap else {
            Issue.record("written past the right edge of row \(row + 1)")
            return
        }
        // Overwriting half of a wide character erases its other half.
        if cells[row][column].isRightHalf { erase(row: row, column: column - 1) }
        let after = column + width
        if after < cells[row].count, cells[row][after].isRightHalf { erase(row: row, column: after) }
        let shown = character == " " && !styleShowsOnBlank ? [] : style
        for offset in 0..<width {
            cells[row][column + offset] = Cell(text: String(character), style: shown, isRightHalf: offset > 0)
            written.insert(Position(row: row, column: column + offset))
        }
        pendingWrap = after == cells[row].count
        column = min(after, cells[row].count - 1)
    }
}

/// A live terminal that draws as `TerminalScreen` does, each block and each set of spans through
/// one `BlockFrame`, and keeps every write and every block (for spans, the block they give).
package final class RecordingScreen: Screen {
    package let isLive = true
    private let state:
        Mutex<(size: (columns: Int, rows: Int), frame: BlockFrame, writes: [String], blocks: [[TerminalText]], overwrites: Int)>

    package init(columns: Int, rows: Int) {
        state = Mutex(((columns, rows), BlockFrame(), [], [], 0))
    }

    /// How many times spans were written over the block.
    package var overwrites: Int { state.withLock { $0.overwrites } }

    package var size: (columns: Int, rows: Int) { state.withLock { $0.size } }
    /// Every write, in order.
    package var writes: [String] { state.withLock { $0.writes } }
    /// The block on screen now.
    package var block: [TerminalText] { state.withLock { $0.blocks.last ?? [] } }

    package func show(_ block: [TerminalText]) {
        state.withLock { state in
            state.blocks.append(block)
            let bytes = state.frame.draw(block, columns: state.size.columns, rows: state.size.rows, fromDefaultStyle: true)
            if !bytes.isEmpty { state.writes.append(String(decoding: bytes, as: UTF8.self)) }
        }
    }

    package func overwrite(_ spans: [TerminalSpan], block: @escaping @Sendable () -> [TerminalText]) {
        let whole = block()
        let drawn = state.withLock { state in
            guard let bytes = state.frame.overwrite(spans, columns: state.size.columns, rows: state.size.rows, fromDefaultStyle: true)
            else {
                return false
            }
            state.blocks.append(whole)
            state.overwrites += 1
            if !bytes.isEmpty { state.writes.append(String(decoding: bytes, as: UTF8.self)) }
            return true
        }
        if !drawn { show(whole) }
    }

    package func print(_ line: TerminalText) {}

    package func resize(columns: Int, rows: Int) {
        state.withLock { $0.size = (columns, rows) }
    }
}
