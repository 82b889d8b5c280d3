import PacerFoundation

/// The colours of `pacer history` and `pacer stats`, or none for plain text.
public struct HistoryStyle: Sendable {
    let colored: Bool

    public init(colored: Bool) {
        self.colored = colored
    }

    func bold(_ text: TerminalText) -> TerminalText { paint(text, "1") }
    func dim(_ text: TerminalText) -> TerminalText { paint(text, "2") }
    func bar(_ text: TerminalText) -> TerminalText { paint(text, "36") }
    func missed(_ text: TerminalText) -> TerminalText { paint(text, "31") }

    /// Green for completed, yellow for quit, cyan for running, red for aborted and interrupted.
    func outcome(_ text: TerminalText) -> TerminalText {
        let plain = text.plain
        return paint(text, plain.hasPrefix("completed") ? "32" : plain.hasPrefix("quit") ? "33" : plain.contains("running") ? "36" : "31")
    }

    private func paint(_ text: TerminalText, _ parameters: String) -> TerminalText {
        colored && !text.isEmpty ? .styled(text, parameters) : text
    }
}
