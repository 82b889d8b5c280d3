import PacerFoundation

/// A step's distance label read as a length, when it is one: `"400 m"`, `"400m"`, `"1.5 km"`,
/// `"1 mi"`, `"100 yd"`. A label with more words (`"400 m fast"`), a decimal comma or an unknown
/// unit is a label only.
public enum DistanceLabel {
    /// Metres per unit, by every spelling of the unit (in any case).
    private static let units: [String: Double] = [
        "m": 1, "metre": 1, "metres": 1, "meter": 1, "meters": 1,
        "km": 1000, "kilometre": 1000, "kilometres": 1000, "kilometer": 1000, "kilometers": 1000,
        "mi": 1609.344, "mile": 1609.344, "miles": 1609.344,
        "yd": 0.9144, "yard": 0.9144, "yards": 0.9144,
    ]

    /// The label's length in metres, or nil when it is not a number and a unit.
    public static func metres(in label: String) -> Double? {
        let text = label.trimmingSpaces()
        let numberEnd = text.firstIndex { !($0.isASCII && ($0.isNumber || $0 == ".")) } ?? text.endIndex
        let number = text[..<numberEnd]
        let unit = String(text[numberEnd...]).trimmingSpaces().lowercased()
        guard number.first != ".", number.last != ".", let value = String(number).decimalValue, value > 0,
            let perUnit = units[unit]
        else { return nil }
        return value * perUnit
    }
}
