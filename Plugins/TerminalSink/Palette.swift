import PacerCore

/// When to colour the display.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never

    /// Whether to colour, given the choice, whether the output is a terminal, and `NO_COLOR`.
    public func enabled(isTerminal: Bool, noColor: Bool) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isTerminal && !noColor
        }
    }
}

/// ANSI colours per phase kind, or none.
struct Palette {
    let enabled: Bool

    func kind(_ kind: PhaseKind) -> String {
        enabled ? KindColor.code(kind) : ""
    }

    var paused: String { enabled ? "\u{1B}[1;7;33m" : "" }
    var dim: String { enabled ? "\u{1B}[2m" : "" }
    var bold: String { enabled ? "\u{1B}[1m" : "" }
    var reset: String { enabled ? "\u{1B}[0m" : "" }

    func paint(_ text: String, _ style: String) -> String {
        style.isEmpty ? text : style + text + reset
    }
}

/// The colour of each kind of phase, shared by the live display and `pacer show`.
public enum KindColor {
    /// The ANSI code that starts the kind's colour.
    public static func code(_ kind: PhaseKind) -> String {
        switch kind {
        case .work: "\u{1B}[1;31m"
        case .rest: "\u{1B}[1;32m"
        case .prepare: "\u{1B}[1;33m"
        case .warmup: "\u{1B}[1;36m"
        case .cooldown: "\u{1B}[1;34m"
        case .reps: "\u{1B}[1;35m"
        }
    }
}
