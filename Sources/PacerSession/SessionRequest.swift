import PacerWorkout
import SinkKit
import TerminalRendering

/// The session someone asked for, as typed values: the workout, the speed, the sinks and what
/// the sinks' settings say. `SessionSetup` assembles it; the command line that made it is not its
/// concern (`pacer run` and `pacer today` read theirs with `RunOptions`).
public struct SessionRequest: Sendable {
    /// The workout: a name, a path, `-`, or a line of notation.
    public var workout: String
    /// The name of a workout written in notation.
    public var notationName: String?
    /// How many times faster than real time the session runs.
    public var speed: Double = 1
    /// The sinks asked for, in order; none means the registry's defaults.
    public var sinks: [SinkSpec] = []
    /// Whether the session runs without a command prompt.
    public var noPrompt = false
    /// The colour choice, when one was made.
    public var color: ColorChoice?
    /// What the sinks' settings were set to (`--no-bell`, `--log FILE`).
    public var sinkSettings = SinkSettingValues()
    /// The athlete's thresholds given for this session, over the config's.
    public var thresholds = TargetThresholds.none

    public init(workout: String) {
        self.workout = workout
    }
}
