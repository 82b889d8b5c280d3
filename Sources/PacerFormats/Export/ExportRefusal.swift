/// Why a workout cannot be written in a format: the step that stops it and the reason.
public struct ExportRefusal: Error, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// A workout written in another app's format, and what it lost on the way.
public struct ExportedWorkout: Sendable {
    public let format: WorkoutFormat
    public let bytes: [UInt8]
    /// What the format could not say and what was written instead, a line each.
    public let warnings: [String]
}
