import PacerFoundation
import PacerWorkout

/// How the commands that take something after their word read it, with a hint for each mistake.
enum CommandArguments {
    /// `+30`, `-1m`: `sign` and the time after it.
    static func extend(sign: String, amount: String) throws(CommandParseError) -> Command {
        do {
            let duration = try WorkoutDuration.parse(amount)
            return .extend(milliseconds: sign == "-" ? -duration.milliseconds : duration.milliseconds)
        } catch {
            throw CommandParseError(message: "\(sign)\(amount) is not a time to add or remove: try +30, -10 or +1m")
        }
    }

    /// `measure power=243 heart_rate=151`: each channel once, a number within what sensors read.
    static func measure(_: String, _ argument: String) throws(CommandParseError) -> Command {
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
                throw CommandParseError(
                    message: "\(key) takes a number of \(channel.unit), such as \(key)=\(Self.example(of: channel)) (not \"\(shownValue)\")"
                )
            }
            guard value >= 0 else { throw CommandParseError(message: "\(key) is never negative (\(shownValue))") }
            guard value <= channel.maximum else {
                throw CommandParseError(
                    message:
                        "\(key)=\(shownValue) is more than any sensor reads (at most \(JSONText.number(channel.maximum)) \(channel.unit)): check the sensor"
                )
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

    /// `done`, `done 8`, `done 8 @ 22.5 kg`: the reps done and the weight, each optional.
    static func done(_: String, _ argument: String) throws(CommandParseError) -> Command {
        let parts = argument.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let repsText = parts.first.map { String($0).trimmingSpaces() } ?? ""
        var reps: Int?
        if !repsText.isEmpty {
            guard repsText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                throw CommandParseError(message: "done takes the reps you did and an optional weight: done 8 @ 22.5 kg")
            }
            guard let count = Int(repsText), count <= Phase.maximumReps else {
                throw CommandParseError(
                    message:
                        "done logs at most \(Phase.maximumReps) reps, as a rep step asks for at most that many: say the reps you did, such as done 8"
                )
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
