import PacerFoundation

/// The notes a step or block ends with in a written line (` {cue: Brace} {50%: Switch sides}`),
/// each value bare when it reads back as itself and quoted when not.
struct NotationNotes {
    /// Where the step is, for saying what cannot be written.
    let path: String
    private var notes: [String] = []

    init(path: String) {
        self.path = path
    }

    /// The notes as the line writes them after the step: ` {key: value}` each.
    var text: String { notes.map { " {\($0)}" }.joined() }

    /// A text the same in every round (a name, a cue, an exercise), quoted where it must be.
    mutating func add(_ key: String, _ value: PerRound<String>?) throws(NotationUnsupported) {
        guard let value else { return }
        let text = try NotationWriter.carried(try NotationWriter.single(value, "\(path).\(key)"), "\(path).\(key)")
        notes.append("\(key): \(Self.value(text))")
    }

    /// A value pacer wrote itself (`true`, `3m`), which needs no quotes.
    mutating func add(_ key: String, _ value: String?) {
        if let value { notes.append("\(key): \(value)") }
    }

    /// Cues at a time: `{20s: …}`, `{50%: …}`, `{-10s: …}`.
    mutating func add(_ cues: [WrittenCue]) throws(NotationUnsupported) {
        for (index, cue) in cues.enumerated() {
            if cue.round != nil {
                throw NotationUnsupported(
                    description: "\(path).cues[\(index)] is said in one round only, which the notation has no spelling for")
            }
            let text = try NotationWriter.carried(cue.text, "\(path).cues[\(index)].text")
            notes.append("\(Self.time(cue.at)): \(Self.value(text))")
        }
    }

    /// `20s`, `50%` or `-10s`: a cue's time as the file writes it. A share is written to a
    /// millionth of a percent, which reads back as the same share (`7%`, not `7.000000000000001%`).
    static func time(_ at: CueTime) -> String {
        switch at {
        case .afterStart(let offset): NotationWriter.duration(offset)
        case .share(let share): JSONText.number((share * 100 * 1_000_000).rounded() / 1_000_000) + "%"
        case .beforeEnd(let before): "-" + NotationWriter.duration(before)
        }
    }

    /// The text bare when the line reads it back as itself: no spaces at its ends, not starting
    /// with a quote, its braces paired (`Sprint {round}`); otherwise in quotes.
    static func value(_ text: String) -> String {
        var depth = 0
        for character in text {
            if character == "{" { depth += 1 }
            if character == "}" { depth -= 1 }
            if depth < 0 { break }
        }
        let bare = depth == 0 && !text.isEmpty && text == text.trimmingSpaces() && text.first != "\""
        return bare ? text : NotationWriter.quoted(text)
    }
}
