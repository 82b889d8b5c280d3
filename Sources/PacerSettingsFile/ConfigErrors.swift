import PacerWorkout

/// Everything wrong with a file of settings in the config folder (config.json, plan.json).
public struct ConfigErrors: Error, Sendable {
    public let diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}
