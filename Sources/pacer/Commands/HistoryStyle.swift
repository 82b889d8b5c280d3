/// The colours of `pacer history` and `pacer stats`, or none for plain text.
struct HistoryStyle {
    let colored: Bool

    func bold(_ text: String) -> String { paint(text, "\u{1B}[1m") }
    func dim(_ text: String) -> String { paint(text, "\u{1B}[2m") }
    func bar(_ text: String) -> String { paint(text, "\u{1B}[36m") }

    /// Green for completed, yellow for quit, red for aborted and interrupted; `text` may be padded.
    func outcome(_ text: String) -> String {
        paint(text, text.hasPrefix("completed") ? "\u{1B}[32m" : text.hasPrefix("quit") ? "\u{1B}[33m" : "\u{1B}[31m")
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored && !text.isEmpty ? code + text + "\u{1B}[0m" : text
    }
}
