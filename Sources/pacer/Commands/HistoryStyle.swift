import PacerCore

/// The colours of `pacer history` and `pacer stats`, or none for plain text.
struct HistoryStyle {
    let colored: Bool

    func bold(_ text: TerminalText) -> TerminalText { paint(text, "1") }
    func dim(_ text: TerminalText) -> TerminalText { paint(text, "2") }
    func bar(_ text: TerminalText) -> TerminalText { paint(text, "36") }

    /// Green for completed, yellow for quit, red for aborted and interrupted.
    func outcome(_ text: TerminalText) -> TerminalText {
        paint(text, text.plain.hasPrefix("completed") ? "32" : text.plain.hasPrefix("quit") ? "33" : "31")
    }

    private func paint(_ text: TerminalText, _ parameters: String) -> TerminalText {
        colored && !text.isEmpty ? .styled(text, parameters) : text
    }
}
