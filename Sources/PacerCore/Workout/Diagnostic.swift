/// One problem found in a workout file, located either by source position (syntax) or by JSON path.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is.
    public enum Location: Sendable, Equatable {
        case source(SourcePosition)
        case path(String)
        case file
    }

    public let location: Location
    public let message: String

    public init(_ location: Location, _ message: String) {
        self.location = location
        self.message = message
    }

    /// The diagnostic without the file name: `3:7: error: …` or `error: at steps[2]: …`.
    public var description: String {
        switch location {
        case .source(let position): "\(position): error: \(message)"
        case .path(let path) where !path.isEmpty: "error: at \(path): \(message)"
        case .path, .file: "error: \(message)"
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

/// Everything wrong with a workout file, all at once.
public struct WorkoutErrors: Error, Sendable {
    public let diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}
