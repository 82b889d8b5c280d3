import PacerFoundation
import PacerWorkout

/// Something the user (or a plugin) asks the running session to do.
public enum Command: Sendable, Equatable {
    case pause
    case resume
    /// An empty line: pause when running, resume when paused.
    case togglePause
    case skip
    case back
    case restart
    /// Lengthen (positive) or shorten (negative) the current phase, in workout time.
    case extend(milliseconds: Int64)
    /// Finish a rep step, logging what was done (nil: as planned).
    case done(reps: Int?, weight: Weight?)
    case status
    case help
    case quit
    /// What a sensor measured just now: the latest value of each channel it names.
    case measure(MeasuredValues)
}

/// A line that is not a command, with a one-line hint for the user.
public struct CommandParseError: Error, Sendable, Equatable {
    public let message: String
}

/// The table of prompt commands: one entry each, in the order `help` lists them. Parsing, the
/// prompt's help and completion, what `pacer ctl` sends and what plugins may send are made from
/// it; adding a command is a case above, an entry here and the engine's handling of it.
extension PromptCommand {
    public static let all: [PromptCommand] = [
        PromptCommand(words: ["pause"], help: nil, read: plain(.pause)),
        PromptCommand(
            words: ["resume"], usage: "pause, resume", help: "stop and restart the clock (an empty line toggles)", read: plain(.resume)),
        PromptCommand(words: ["skip", "next"], help: "end this phase now and start the next", read: plain(.skip)),
        PromptCommand(words: ["back", "prev"], help: "restart the previous phase", read: plain(.back)),
        PromptCommand(words: ["restart"], help: "restart this phase", read: plain(.restart)),
        PromptCommand(
            words: [], signs: ["+", "-"], usage: "+30, -10, +1m", help: "lengthen or shorten this phase", read: CommandArguments.extend),
        PromptCommand(
            words: ["done"], usage: "done [REPS] [@ W]",
            help:
                "finish a rep or open step, end an open repeat: done, done 8\ndone 8 @ 22.5 kg (22.5, not 22,5; 1000, not 1,000)",
            read: CommandArguments.done),
        PromptCommand(words: ["status"], help: "where we are and how long is left", senders: [.plugins], read: plain(.status)),
        PromptCommand(
            words: ["measure"], usage: "measure K=V ...", help: "sensor values: power, heart_rate, cadence, speed, distance",
            read: CommandArguments.measure),
        PromptCommand(words: ["help"], quietWords: ["?"], help: nil, senders: [.plugins], read: plain(.help)),
        PromptCommand(words: ["quit", "exit"], usage: "help; quit, exit", help: "this list; end the session", read: plain(.quit)),
    ]
}
