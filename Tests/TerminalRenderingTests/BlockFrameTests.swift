import Foundation
import PacerFoundation
import PacerTestSupport
import TerminalRendering
import Testing

/// The live display draws only what changed: `BlockFrame`.
@Suite("BlockFrame")
struct BlockFrameTests {
    // A clock's stroke going blank is erased in place, row under row (`ESC [ n X`, then `ESC D`
    // straight down), where writing its spaces and moving back would take more; a blank in a
    // style that shows nothing on it is written in the pen in force; the style changes name only
    // what differs.
    @Test func blanksAreErasedInPlaceAndStylesChangeOnlyWhatDiffers() {
        var frame = BlockFrame()
        let stroke = TerminalText.styled("ab██████cd", "1;31")
        let bar: TerminalText = .styled("██", "1;31") + .styled("░░", "1") + " 9"
        var terminal = TerminalEmulator(columns: 20, rows: 5)
        terminal.write(frame.draw([stroke, stroke, stroke, bar], columns: 20, rows: 5, fromDefaultStyle: true))
        let erased = TerminalText.styled("ab      cd", "1;31")
        let longer: TerminalText = .styled("███", "1;31") + .styled("█", "1") + " 8"
        let new = [erased, erased, .styled("ab  ████cd", "1;31"), longer]
        let before = terminal
        terminal.forgetWritten()
        let bytes = frame.draw(new, columns: 20, rows: 5, fromDefaultStyle: true)
        terminal.write(bytes)
        let after = TerminalEmulator.showing(new, columns: 20, rows: 5)
        #expect(terminal == after)
        #expect(terminal.written == after.differences(from: before))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "\u{1B}[1;3H\u{1B}[6X\u{1B}D\u{1B}[6X\u{1B}D  \u{1B}D\u{8}\u{8}\u{1B}[1;31m█\u{1B}[39m█\u{1B}[C\u{1B}[m8",
            "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }

    @Test func anInvalidatedFrameRedrawsWhole() {
        var frame = BlockFrame()
        let block: [TerminalText] = ["one", "two"]
        _ = frame.draw(block, columns: 10, rows: 5)
        frame.invalidate()
        var terminal = TerminalEmulator(columns: 10, rows: 5)
        terminal.fill(with: "x")
        terminal.write(frame.draw(block, columns: 10, rows: 5))
        #expect(terminal.lines == ["one", "two", "xxxxxxxxxx", "xxxxxxxxxx", "xxxxxxxxxx"])
    }

    @Test func rowsTheBlockNoLongerHasAreCleared() {
        var frame = BlockFrame()
        var terminal = TerminalEmulator(columns: 10, rows: 5)
        terminal.write(frame.draw(["one", "two", "three"], columns: 10, rows: 5))
        terminal.write(frame.draw(["one"], columns: 10, rows: 5))
        #expect(terminal.lines == ["one", "", "", "", ""])
        terminal.write(frame.draw(["one", "two", "three", "four", "five", "six"], columns: 10, rows: 5))
        #expect(terminal.lines == ["one", "two", "three", "four", "five"], "only the rows given are drawn")
    }

    // Random lines of narrow, wide, combining and styled characters, each changed at random: the
    // screen always ends as the new block drawn whole, and only the cells that differ are written.
    @Test func randomChangesDrawExactlyTheCellsThatDiffer() {
        // The same "random" numbers on every run: a linear congruential generator.
        var state: UInt64 = 19
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        // Texts and styles of more than 8 bytes are held by their place among the frame's long texts.
        let pieces = [
            "a", "b", " ", "█", "░", "深", "蹲", "e\u{301}", "🏋️", "…", "e\u{301}\u{302}\u{303}\u{304}", "o\u{308}\u{304}\u{301}\u{327}",
        ]
        let styles = ["", "1", "1;31", "2", "1;7;33", "1;38;5;208", "4;32", "1;44", "31;1;39"]
        func line() -> TerminalText {
            var text = TerminalText.empty
            for _ in 0..<random(15) {
                let piece = TerminalText(pieces[random(pieces.count)])
                let style = styles[random(styles.count)]
                text += style.isEmpty ? piece : .styled(piece, style)
            }
            return text.truncated(toWidth: 16)
        }
        for round in 0..<300 {
            var frame = BlockFrame()
            let old = (0..<4).map { _ in line() }
            let new = old.map { random(2) == 0 ? $0 : line() } + (random(2) == 0 ? [line()] : [])
            var terminal = TerminalEmulator(columns: 16, rows: 6)
            // Half the rounds start from a terminal in its default style, as the screen's do.
            let fromDefaultStyle = round % 2 == 0
            terminal.write(frame.draw(old, columns: 16, rows: 6, fromDefaultStyle: fromDefaultStyle))
            let before = TerminalEmulator.showing(old, columns: 16, rows: 6)
            #expect(terminal == before, "round \(round): \(terminal.lines) for \(old.map(\.plain))")
            let after = TerminalEmulator.showing(new, columns: 16, rows: 6)
            terminal.forgetWritten()
            terminal.write(frame.draw(new, columns: 16, rows: 6, fromDefaultStyle: fromDefaultStyle))
            #expect(terminal == after, "round \(round): \(terminal.lines) for \(new.map(\.plain))")
            // A row with a character of more than one scalar, which terminals measure each their own
            // way, is written whole from its start when it changes; the others, only where they differ.
            let uncertain = Set(
                (0..<max(old.count, new.count)).filter { row in
                    [old, new].contains { $0.indices.contains(row) && $0[row].plain.contains { $0.unicodeScalars.count > 1 } }
                })
            let differing = after.differences(from: before)
            #expect(
                terminal.written.filter { !uncertain.contains($0.row) } == differing.filter { !uncertain.contains($0.row) },
                "round \(round): \(old.map(\.plain)) → \(new.map(\.plain))")
            #expect(differing.isSubset(of: terminal.written), "round \(round)")
        }
    }

    /// A changed row is read from where it differs from the row shown, with the style in force
    /// there: rows edited anywhere (one piece, its style, or the end), frame after frame, must
    /// still draw exactly the cells that differ.
    @Test func rowsEditedAnywhereDrawExactlyTheCellsThatDiffer() {
        var state: UInt64 = 7
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let pieces = ["a", "b", " ", "█", "░", "…", "é", "█ a", "█ b", "a  █"]
        let styles = ["", "1", "1;31", "2"]
        typealias Piece = (text: String, style: String)
        func randomPiece() -> Piece { (pieces[random(pieces.count)], styles[random(styles.count)]) }
        func text(_ row: [Piece]) -> TerminalText {
            row.reduce(TerminalText.empty) { $0 + ($1.style.isEmpty ? TerminalText($1.text) : .styled(TerminalText($1.text), $1.style)) }
                .truncated(toWidth: 12)
        }
        func edited(_ row: [Piece]) -> [Piece] {
            var row = row
            switch random(4) {
            case 0 where !row.isEmpty: row[random(row.count)] = randomPiece()
            case 1 where !row.isEmpty: row[random(row.count)].style = styles[random(styles.count)]
            case 2 where !row.isEmpty: row.removeLast(1 + random(row.count))
            default: row += (0..<1 + random(3)).map { _ in randomPiece() }
            }
            return row
        }
        for round in 0..<300 {
            var frame = BlockFrame()
            var rows = (0..<4).map { _ in (0..<random(14)).map { _ in randomPiece() } }
            var terminal = TerminalEmulator(columns: 12, rows: 5)
            terminal.write(frame.draw(rows.map(text), columns: 12, rows: 5, fromDefaultStyle: round % 2 == 0))
            for step in 0..<3 {
                let before = TerminalEmulator.showing(rows.map(text), columns: 12, rows: 5)
                rows = rows.map { random(3) == 0 ? $0 : edited($0) }
                let after = TerminalEmulator.showing(rows.map(text), columns: 12, rows: 5)
                terminal.forgetWritten()
                terminal.write(frame.draw(rows.map(text), columns: 12, rows: 5, fromDefaultStyle: round % 2 == 0))
                #expect(terminal == after, "round \(round), step \(step): \(terminal.lines)")
                #expect(terminal.written == after.differences(from: before), "round \(round), step \(step)")
            }
        }
    }

    // A terminal may measure an emoji with its variation selector as one cell (tmux 3.3 does):
    // the cells after it are then a column off from where they are counted, and writing only the
    // changed ones would put them in the wrong place. Such a row is written whole when it changes.
    @Test func aRowATerminalMayMeasureOtherwiseIsWrittenWholeWhenItChanges() {
        var frame = BlockFrame()
        let old: [TerminalText] = ["WORK  🏋️ Lift  1/3", "plain  1/3"]
        let new: [TerminalText] = ["WORK  🏋️ Lift  2/3", "plain  2/3"]
        var terminal = TerminalEmulator(columns: 30, rows: 5)
        terminal.write(frame.draw(old, columns: 30, rows: 5))
        terminal.forgetWritten()
        let bytes = frame.draw(new, columns: 30, rows: 5)
        terminal.write(bytes)
        #expect(terminal == .showing(new, columns: 30, rows: 5))
        #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[2KWORK  🏋️ Lift  2/3"), "the row with the emoji, from its start")
        #expect(
            terminal.written.filter { $0.row == 1 } == [TerminalEmulator.Position(row: 1, column: 7)], "the plain row, where it changed")
        #expect(frame.overwrite([TerminalSpan(row: 0, column: 16, text: "3")], columns: 30, rows: 5) == nil, "no span over it")
    }

    @Test func noSizeIsTooSmall() {
        var frame = BlockFrame()
        for (columns, rows) in [(0, 0), (1, 1), (0, 5), (5, 0), (1, 1), (-1, -1), (3, 2)] {
            let text = frame.draw(["深深 wide", "two"], columns: columns, rows: rows)
            var terminal = TerminalEmulator(columns: max(0, columns), rows: max(0, rows))
            terminal.write(text)
        }
    }
}
