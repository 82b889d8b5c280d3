import PacerFoundation
import PacerWorkout

/// ANSI colours per phase kind, or none.
public struct Palette {
    public let enabled: Bool

    /// Colours when `enabled`, else plain text.
    public init(enabled: Bool) {
        self.enabled = enabled
    }

    func kind(_ kind: PhaseKind) -> String {
        enabled ? KindColor.parameters(kind) : ""
    }

    var paused: String { enabled ? "1;7;33" : "" }

    /// A measured value's colour by where it stands: green inside its target, cyan below (more
    /// is wanted), red above; bold where it cannot be placed.
    func standing(_ standing: TargetStanding?) -> String {
        guard enabled else { return "" }
        return switch standing {
        case .inside?: "1;32"
        case .below?: "1;36"
        case .above?: "1;31"
        case nil: "1"
        }
    }
    var dim: String { enabled ? "2" : "" }
    public var bold: String { enabled ? "1" : "" }

    /// `text` in `style` (SGR parameters), or as it is when colour is off.
    public func paint(_ text: TerminalText, _ style: String) -> TerminalText {
        style.isEmpty ? text : .styled(text, style)
    }
}

/// The colour of each kind of phase, shared by the live display and `pacer show`.
public enum KindColor {
    /// The SGR parameters of the kind's colour, for `TerminalText.styled`.
    public static func parameters(_ kind: PhaseKind) -> String {
        switch kind {
        case .work: "1;31"
        case .rest: "1;32"
        case .prepare: "1;33"
        case .warmup: "1;36"
        case .cooldown: "1;34"
        case .reps: "1;35"
        }
    }
}
