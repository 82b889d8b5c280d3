import PacerFoundation

/// The terminal as the live display and the prompt share it: a block of lines redrawn in place,
/// with permanent lines printed above it.
public protocol Screen: AnyObject, Sendable {
    /// Whether the output is a terminal that can show the live display (cursor movement, colour).
    var isLive: Bool { get }
    /// The current width and height in character cells.
    var size: (columns: Int, rows: Int) { get }
    /// Replaces the live block (empty removes it).
    func show(_ block: [TerminalText])
    /// Changes the live block shown last by writing `spans` over it, where that block is on the
    /// screen as it was drawn; `block` makes the whole block they give, which is drawn instead
    /// when the screen has to draw it whole (it was laid out anew, or is not drawn cell by cell).
    func overwrite(_ spans: [TerminalSpan], block: @escaping @Sendable () -> [TerminalText])
    /// Prints a line above the live block, where it stays.
    func print(_ line: TerminalText)
}

extension Screen {
    /// A screen that is not drawn cell by cell shows the whole block.
    public func overwrite(_ spans: [TerminalSpan], block: @escaping @Sendable () -> [TerminalText]) {
        show(block())
    }
}
