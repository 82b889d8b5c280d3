import PacerFoundation

/// One problem found in a workout file, located either by source position (syntax) or by JSON path.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is.
    public enum Location: Sendable, Equatable {
        case source(SourcePosition)
        case path(String)
        case file
    }

    /// Whether the file cannot be used (`error`) or probably says something it does not mean (`warning`).
    public enum Severity: String, Sendable, Equatable {
        case error, warning
    }

    public let location: Location
    public let message: String
    public let severity: Severity

    public init(_ location: Location, _ message: String, severity: Severity = .error) {
        self.location = location
        self.message = message
        self.severity = severity
    }

    /// A warning at a JSON path.
    public static func warning(at path: String, _ message: String) -> Diagnostic {
        Diagnostic(.path(path), message, severity: .warning)
    }

    /// The diagnostic without the file name: `3:7: error: …`, `error: at steps[2]: …` or `warning: at steps[2]: …`.
    public var description: String {
        switch location {
        case .source(let position): "\(position): \(severity.rawValue): \(message)"
        case .path(let path) where !path.isEmpty: "\(severity.rawValue): at \(path): \(message)"
        case .path, .file: "\(severity.rawValue): \(message)"
        }
    }

    /// The line a compiler would print: `FILE:3:7: error: …` or `FILE: error: at steps[2]: …`.
    public func formatted(file: String) -> String {
        switch location {
        case .source: "\(file):\(description)"
        case .path, .file: "\(file): \(description)"
        }
    }
}

/// Everything wrong with a workout file, all at once: its errors, and the warnings found with them.
public struct WorkoutErrors: Error, Sendable {
    public let diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}

/// A valid workout and what about it is probably a mistake.
public struct DecodedWorkout: Sendable {
    public let workout: Workout
    /// Diagnostics of severity `warning`, in the order they were found.
    public let warnings: [Diagnostic]
}
