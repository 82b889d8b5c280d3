/// The terminal as the live display and the prompt share it: a block of lines redrawn in place,
/// with permanent lines printed above it.
public protocol Screen: AnyObject, Sendable {
    /// Whether the output is a terminal that can show the live display (cursor movement, colour).
    var isLive: Bool { get }
    /// The current width and height in character cells.
    var size: (columns: Int, rows: Int) { get }
    /// Replaces the live block (empty removes it).
    func show(_ block: [TerminalText])
    /// Prints a line above the live block, where it stays.
    func print(_ line: TerminalText)
}
