import Foundation
import PacerEngine
import PacerFoundation
import PacerTestSupport
import TerminalRendering
import TerminalSink
import Testing

/// The live display draws only what changed: `BlockFrame`, behind the terminal sink.
@Suite("BlockFrame behind the terminal sink")
struct TerminalSinkFrameTests {
    /// A 30 s work phase on a terminal `columns` × `rows` drawing in colour, after its start.
    private static func started(columns: Int = 100, rows: Int = 30) throws -> (RecordingScreen, TerminalSink, Session) {
        let screen = RecordingScreen(columns: columns, rows: rows)
        let sink = TerminalSink(screen: screen, color: .always, noColor: false)
        var session = Session([work("Squats", 30, cue: "Chest up", round: 2, rounds: 3), rest(10)])
        for event in session.start() { try sink.receive(event) }
        return (screen, sink, session)
    }

    @Test func aSecondTickWritesOnlyTheCellsThatChangedInOneWrite() throws {
        let (screen, sink, session) = try Self.started()
        try #require(screen.writes.count == 1)
        var terminal = TerminalEmulator(columns: 100, rows: 30)
        terminal.write(screen.writes[0])
        #expect(terminal == .showing(screen.block, columns: 100, rows: 30), "the first draw shows the block")
        let whole = screen.writes[0].utf8.count

        for second in 1...29 {
            let before = terminal
            sink.update(session.snapshot(at: Double(second)))
            try #require(screen.writes.count == 1 + second, "one write for the tick at \(second) s")
            let after = TerminalEmulator.showing(screen.block, columns: 100, rows: 30)
            terminal.forgetWritten()
            terminal.write(screen.writes[second])
            #expect(terminal == after, "at \(second) s the screen shows the new block")
            let changed = after.differences(from: before)
            #expect(!changed.isEmpty)
            #expect(
                terminal.written == changed,
                "at \(second) s, written but unchanged: \(terminal.written.subtracting(changed).sorted { "\($0)" < "\($1)" })")
        }
        #expect(screen.overwrites == 29, "each tick is written as spans over the block")
        // A tick changes a digit or two, the bars' ends and the times beside them: over the phase
        // about a tenth of the bytes of drawing the block whole each second (BENCHMARKS.md, "Against termdown").
        let ticks = screen.writes.dropFirst().map(\.utf8.count)
        #expect(ticks.reduce(0, +) * 8 <= whole * ticks.count, "\(ticks) bytes for the ticks, \(whole) for the whole block")
    }

    @Test func nothingIsWrittenWhenNothingChanged() throws {
        let (screen, sink, session) = try Self.started()
        // A countdown shows nothing new, nor does the same moment twice.
        try sink.receive(Event(t: Session.at(27), due: Session.at(27), .countdown(.init(index: 0, remaining: 3))))
        let snapshot = session.snapshot(at: 0.2)
        sink.update(snapshot)
        let writes = screen.writes.count
        sink.update(snapshot)
        #expect(screen.writes.count == writes, "\(screen.writes.dropFirst(writes))")

        var frame = BlockFrame()
        let block: [TerminalText] = ["a " + .styled("bold", "1"), .styled("two", "1;31")]
        #expect(!frame.draw(block, columns: 20, rows: 5).isEmpty)
        #expect(frame.draw(block, columns: 20, rows: 5).isEmpty)
        // The same cells written another way are the same screen.
        let same: [TerminalText] = [
            .styled("a ", "0") + .styled("bo", "1") + .styled("ld", "1"), .styled("t", "1;31") + .styled("wo", "1;31"),
        ]
        #expect(frame.draw(same, columns: 20, rows: 5).isEmpty)
    }

    @Test func aResizeRedrawsWhole() throws {
        for (columns, rows) in [(120, 30), (100, 40), (80, 24)] {
            let (screen, sink, session) = try Self.started()
            screen.resize(columns: columns, rows: rows)
            sink.update(session.snapshot(at: 1))
            try #require(screen.writes.count == 2)
            // Whatever the terminal kept through the resize, every row is drawn again.
            var terminal = TerminalEmulator(columns: columns, rows: rows)
            terminal.fill(with: "x")
            terminal.write(screen.writes[1])
            let block = screen.block.count
            #expect(
                terminal.top(block) == TerminalEmulator.showing(screen.block, columns: columns, rows: rows).top(block),
                "\(columns)×\(rows): \(terminal)")
            #expect(screen.writes[1].components(separatedBy: "\u{1B}[2K").count - 1 >= screen.block.count)
        }
    }
}
