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

/// The names, aliases and one-line help of the prompt's commands; also used for tab completion.
public enum CommandGrammar {
    /// Every command word the prompt accepts, for completion.
    public static let words = ["pause", "resume", "skip", "next", "back", "prev", "restart", "done", "status", "measure", "help", "quit", "exit"]

    /// The help text, one command per line (and a note under `done`).
    public static let help = """
        pause, resume      stop and restart the clock (an empty line toggles)
        skip, next         end this phase now and start the next
        back, prev         restart the previous phase
        restart            restart this phase
        +30, -10, +1m      lengthen or shorten this phase
        done [REPS] [@ W]  finish a rep step: done, done 8, done 8 @ 22.5 kg
                           (22,5 is 22.5; write 1000, not 1,000 or 1.000)
        status             where we are and how long is left
        measure K=V ...    a sensor's values: power, heart_rate, cadence, speed, distance
        help; quit, exit   this list; end the session
        """

    /// Reads one line of input as a command.
    public static func parse(_ line: String) throws(CommandParseError) -> Command {
        let text = line.trimmingSpaces()
        if text.isEmpty { return .togglePause }
        if let sign = text.first, sign == "+" || sign == "-" {
            return try parseExtend(sign: sign, amount: String(text.dropFirst()))
        }
        let word = String(text.prefix { $0 != " " && $0 != "@" }).lowercased()
        let argument = String(text.dropFirst(word.count)).trimmingSpaces()
        let simple: [String: Command] = [
            "pause": .pause, "resume": .resume, "skip": .skip, "next": .skip, "back": .back, "prev": .back,
            "restart": .restart, "status": .status, "help": .help, "?": .help, "quit": .quit, "exit": .quit,
        ]
        if let command = simple[word] {
            guard argument.isEmpty else { throw CommandParseError(message: "\(word) takes nothing after it") }
            return command
        }
        if word == "done" { return try parseDone(argument) }
        if word == "measure" { return try parseMeasure(argument) }
        let shown = word.count > 40 ? word.prefix(39) + "…" : word
        if let suggestion = Suggestion.closest(to: word, among: words) {
            throw CommandParseError(message: "unknown command \"\(shown)\" (did you mean \"\(suggestion)\"?); type help for the list")
        }
        throw CommandParseError(message: "unknown command \"\(shown)\"; type help for the list")
    }

    private static func parseExtend(sign: Character, amount: String) throws(CommandParseError) -> Command {
        do {
            let duration = try WorkoutDuration.parse(amount)
            return .extend(milliseconds: sign == "-" ? -duration.milliseconds : duration.milliseconds)
        } catch {
            throw CommandParseError(message: "\(sign)\(amount) is not a time to add or remove: try +30, -10 or +1m")
        }
    }

    private static func parseMeasure(_ argument: String) throws(CommandParseError) -> Command {
        let example = "measure power=243 heart_rate=151 cadence=92"
        let pairs = argument.split(separator: " ", omittingEmptySubsequences: true)
        guard !pairs.isEmpty else { throw CommandParseError(message: "say what was measured: \(example)") }
        var values = MeasuredValues()
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0]).lowercased()
            let shownKey = key.count > 20 ? key.prefix(19) + "…" : key
            guard let channel = MeasuredChannel(rawValue: key) else {
                let keys = MeasuredChannel.allCases.map(\.rawValue)
                let hint = Suggestion.closest(to: key, among: keys).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw CommandParseError(message: "measure does not know \"\(shownKey)\"\(hint): it takes \(keys.joined(separator: ", "))")
            }
            guard values[channel] == nil else { throw CommandParseError(message: "measure names \(key) twice: give each channel once") }
            let text = parts.count == 2 ? String(parts[1]) : ""
            let shownValue = text.count > 20 ? text.prefix(19) + "…" : text
            guard let value = Double(text), value.isFinite, text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 45 }) else {
                throw CommandParseError(message: "\(key) takes a number of \(channel.unit), such as \(key)=\(Self.example(of: channel)) (not \"\(shownValue)\")")
            }
            guard value >= 0 else { throw CommandParseError(message: "\(key) is never negative (\(shownValue))") }
            guard value <= channel.maximum else {
                throw CommandParseError(message: "\(key)=\(shownValue) is more than any sensor reads (at most \(JSONText.number(channel.maximum)) \(channel.unit)): check the sensor")
            }
            values[channel] = value
        }
        return .measure(values)
    }

    private static func example(of channel: MeasuredChannel) -> String {
        switch channel {
        case .power: "243"
        case .heartRate: "151"
        case .cadence: "92"
        case .speed: "8.5"
        case .distance: "1200"
        }
    }

    private static func parseDone(_ argument: String) throws(CommandParseError) -> Command {
        let parts = argument.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let repsText = parts.first.map { String($0).trimmingSpaces() } ?? ""
        var reps: Int?
        if !repsText.isEmpty {
            guard repsText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                throw CommandParseError(message: "done takes the reps you did and an optional weight: done 8 @ 22.5 kg")
            }
            guard let count = Int(repsText), count <= Phase.maximumReps else {
                throw CommandParseError(message: "done logs at most \(Phase.maximumReps) reps, as a rep step asks for at most that many: say the reps you did, such as done 8")
            }
            reps = count
        }
        var weight: Weight?
        if parts.count == 2 {
            let weightText = String(parts[1]).trimmingSpaces()
            guard !weightText.isEmpty else { throw CommandParseError(message: "say the weight after @: done 8 @ 22.5 kg") }
            if weightText.hasPrefix("-") {
                throw CommandParseError(message: "a weight is never negative: done 8 @ 22.5 kg")
            }
            if let hint = WeightNumber(weightText.unicodeScalars).ambiguityHint {
                throw CommandParseError(message: hint)
            }
            weight = weightText.decimalValue.map(Weight.number) ?? .text(weightText)
        }
        return .done(reps: reps, weight: weight)
    }
}
