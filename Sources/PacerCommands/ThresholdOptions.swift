import PacerCommandLine
import PacerConfig
import PacerFoundation
import PacerSession
import PacerSystem
import PacerUserFiles
import PacerWorkout

/// `--ftp`, `--lthr`, `--max-hr` and `--threshold-pace`: the athlete's thresholds on the command
/// line of the commands that show or write targets (`run`, `today`, `show`, `render`, `export`), over the config's
/// `ftp`, `lthr`, `max_hr` and `threshold_pace`.
public enum ThresholdOptions {
    /// `--ftp W`.
    public static let ftp = Option<Double>("--ftp", value: "W", help: "your FTP in watts, to show power targets in watts too") {
        text throws(UsageError) in
        try reading(text.decimalValue ?? .nan) { value throws(TargetError) in try TargetThresholds.checkedFTP(value, named: "--ftp") }
    }

    /// `--lthr BPM`.
    public static let lthr = Option<Double>("--lthr", value: "BPM", help: "your threshold heart rate, for % LTHR and zone targets") {
        text throws(UsageError) in
        try reading(text.decimalValue ?? .nan) { value throws(TargetError) in try TargetThresholds.checkedHeartRate(value, named: "--lthr")
        }
    }

    /// `--max-hr BPM`.
    public static let maxHeartRate = Option<Double>("--max-hr", value: "BPM", help: "your maximum heart rate, for % max targets") {
        text throws(UsageError) in
        try reading(text.decimalValue ?? .nan) { value throws(TargetError) in
            try TargetThresholds.checkedHeartRate(value, named: "--max-hr")
        }
    }

    /// `--threshold-pace M:SS`.
    public static let thresholdPace = Option<TargetThresholds>(
        "--threshold-pace", value: "M:SS", help: "your threshold pace per km (or M:SS/mi), for % pace targets"
    ) { text throws(UsageError) in
        try reading(text) { text throws(TargetError) in try TargetThresholds.thresholdPace(parsing: text, named: "--threshold-pace") }
    }

    /// The four options, for a command's table.
    public static let specs = [ftp.spec, lthr.spec, maxHeartRate.spec, thresholdPace.spec]

    /// The thresholds the command line gives; unknown where it gives none.
    public static func thresholds(in arguments: Arguments) -> TargetThresholds {
        TargetThresholds(ftp: arguments[ftp], lthr: arguments[lthr], maxHeartRate: arguments[maxHeartRate]).overridden(
            by: arguments[thresholdPace] ?? .none)
    }

    /// The config's thresholds with the command line's over them, for the commands that do not
    /// run a session. A config that cannot be read stops the command, as it stops `pacer run`.
    public static func thresholds(in arguments: Arguments, environment: Environment) throws(CommandFailure) -> TargetThresholds {
        let config: UserConfig
        do throws(ConfigLoadError) {
            config = try UserConfig.load(from: environment, settings: SinkRegistry.standard.settings)
        } catch {
            throw .config(error, environment)
        }
        return config.thresholds.overridden(by: thresholds(in: arguments))
    }

    private static func reading<Input, Value>(_ input: Input, _ check: (Input) throws(TargetError) -> Value) throws(UsageError) -> Value {
        do throws(TargetError) {
            return try check(input)
        } catch {
            throw UsageError(message: error.message)
        }
    }
}
