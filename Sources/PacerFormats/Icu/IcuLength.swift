import PacerFoundation

/// How long an intervals.icu step lasts, as one word writes it: a time (`1h2m30s`, `5m`, `30s`,
/// `1m30`, `5'`, `1'30"`) or a distance (`400mtr`, `2km`, `1mi`).
enum IcuLength: Equatable {
    /// Seconds; `minutesOnly` when the word is a bare number of minutes (`400m`), which many
    /// catalogues mean as metres.
    case time(seconds: Double, minutesOnly: Bool)
    case distance(metres: Double, label: String)

    private static let distances: [(suffix: String, metres: Double, label: String)] = [
        ("mtr", 1, "m"), ("km", 1000, "km"), ("mi", 1609.344, "mi"),
    ]
    private static let timeUnits: [Character: Double] = ["h": 3600, "m": 60, "'": 60, "s": 1, "\"": 1]

    /// The length a word writes; nil for any other word.
    init?(_ word: String) {
        let lower = word.lowercased()
        for distance in Self.distances where lower.hasSuffix(distance.suffix) {
            guard let value = String(lower.dropLast(distance.suffix.count)).decimalValue, value > 0 else { return nil }
            self = .distance(metres: value * distance.metres, label: JSONText.number(value) + " " + distance.label)
            return
        }
        var seconds = 0.0
        var number = ""
        var lastFactor = Double.infinity
        var units = 0
        for character in lower {
            if character.isASCII, character.isNumber || character == "." {
                number.append(character)
                continue
            }
            guard let factor = Self.timeUnits[character], factor < lastFactor, let value = number.decimalValue else { return nil }
            seconds += value * factor
            lastFactor = factor
            units += 1
            number = ""
        }
        if !number.isEmpty {
            // `1m30`: a number after the minutes is seconds.
            guard lastFactor == 60, let value = number.decimalValue else { return nil }
            seconds += value
            units += 1
        }
        guard units > 0, seconds > 0 else { return nil }
        self = .time(seconds: seconds, minutesOnly: units == 1 && (lower.hasSuffix("m")))
    }
}
