import PacerFoundation

/// Where in a source file something was written: a line and column of a text file, or the byte
/// offset of a binary file's message (FIT).
public enum SourcePlace: Sendable, Equatable {
    case position(SourcePosition)
    case byte(Int)

    /// A finding at this place: at the line and column, or in the file with `at byte N:` before
    /// the message.
    public func diagnostic(_ message: String, severity: Diagnostic.Severity = .error) -> Diagnostic {
        switch self {
        case .position(let position): Diagnostic(.source(position), message, severity: severity)
        case .byte(let offset): Diagnostic(.file, "at byte \(offset): \(message)", severity: severity)
        }
    }
}
