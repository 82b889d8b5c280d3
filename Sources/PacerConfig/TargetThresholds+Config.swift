import PacerFoundation
import PacerWorkout

extension TargetThresholds {
    /// Sets the threshold the config's `key` names (`ftp`, `lthr`, `max_hr`, `threshold_pace`) from its value.
    mutating func read(_ key: String, from value: JSONValue) throws(TargetError) {
        if key == "threshold_pace" {
            guard case .string(let text) = value.content else {
                throw TargetError(
                    "\"threshold_pace\" is your threshold pace per kilometre as a string, such as \"4:30\", not \(value.typeName)")
            }
            self = overridden(by: try Self.thresholdPace(parsing: text, named: "\"threshold_pace\""))
            return
        }
        guard case .number(let number) = value.content else {
            throw TargetError("\"\(key)\" is a number, such as \(key == "ftp" ? "250" : "165"), not \(value.typeName)")
        }
        switch key {
        case "ftp": ftp = try Self.checkedFTP(number, named: "\"ftp\"")
        case "lthr": lthr = try Self.checkedHeartRate(number, named: "\"lthr\"")
        default: maxHeartRate = try Self.checkedHeartRate(number, named: "\"max_hr\"")
        }
    }
}
