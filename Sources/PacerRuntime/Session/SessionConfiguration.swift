import PacerUserFiles

/// Everything a session runs with, assembled in one place (`SessionSetup`): the workout, the
/// sinks, where commands come from, the terminal, and the speed. `SessionRunner` only runs it.
public struct SessionConfiguration: Sendable {
    public let workout: LoadedWorkout
    public let sinks: [SinkHub.Member]
    public let commands: [CommandChannel]
    public let terminal: SessionTerminal
    public let speed: Double

    public init(workout: LoadedWorkout, sinks: [SinkHub.Member], commands: [CommandChannel], terminal: SessionTerminal, speed: Double) {
        self.workout = workout
        self.sinks = sinks
        self.commands = commands
        self.terminal = terminal
        self.speed = speed
    }
}
