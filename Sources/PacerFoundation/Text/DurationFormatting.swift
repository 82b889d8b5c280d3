extension WorkoutDuration {
    /// A compact clock form for displays: `0:45`, `12:05`, `1:02:03`; whole seconds, rounded up
    /// so a countdown shows `0:01` until the very end.
    /// Written digit by digit into the string's own storage: the live display asks for it several
    /// times a second.
    public var clock: String {
        let total = (max(0, milliseconds) + 999) / 1000
        let hours = total / 3600
        let minutes = (total % 3600) / 60
        let seconds = total % 60
        let lead = Int(hours > 0 ? hours : minutes)
        let count = lead.decimalDigitCount + (hours > 0 ? 6 : 3)
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = lead.writeDecimalDigits(into: buffer, at: 0)
            func appendPair(_ pair: Int64) {
                buffer[end] = UInt8(ascii: ":")
                buffer[end + 1] = UInt8(ascii: "0") + UInt8(pair / 10)
                buffer[end + 2] = UInt8(ascii: "0") + UInt8(pair % 10)
                end += 3
            }
            if hours > 0 { appendPair(minutes) }
            appendPair(seconds)
            return end
        }
    }

    /// A readable form for summaries and messages: `45s`, `1m 30s`, `7m`, `1h 5m`, `2.5s`.
    public var spoken: String {
        if milliseconds % 1000 != 0 && milliseconds < 60_000 {
            return "\(Decimal3(milliseconds).text)s"
        }
        let total = milliseconds / 1000
        let days = total / 86_400
        let hours = (total % 86_400) / 3600
        let minutes = (total % 3600) / 60
        let seconds = total % 60
        var parts: [String] = []
        if days > 0 { parts.append("\(days)d") }
        if hours > 0 { parts.append("\(hours)h") }
        if minutes > 0 { parts.append("\(minutes)m") }
        if seconds > 0 || parts.isEmpty { parts.append("\(seconds)s") }
        return parts.joined(separator: " ")
    }

    /// The duration rounded to the nearest whole second, for summaries.
    public var wholeSeconds: WorkoutDuration {
        WorkoutDuration(milliseconds: (milliseconds + 500) / 1000 * 1000)
    }
}

/// A count of thousandths written as a decimal number: `12.5`, `3`, `0.001`, or with exactly three
/// fraction digits (`12.500`) when `fixed`.
public struct Decimal3: Sendable {
    /// The decimal text.
    public let text: String

    public init(_ thousandths: Int64, fixed: Bool) {
        guard fixed else {
            self.init(thousandths)
            return
        }
        let sign = thousandths < 0 ? "-" : ""
        let fraction = String(thousandths.magnitude % 1000)
        self.init(text: "\(sign)\(thousandths.magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction)
    }

    private init(text: String) {
        self.text = text
    }

    /// The shortest form, without trailing zeros in the fraction.
    public init(_ thousandths: Int64) {
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = thousandths.magnitude
        let whole = magnitude / 1000
        var fraction = magnitude % 1000
        guard fraction != 0 else {
            text = "\(sign)\(whole)"
            return
        }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = String(fraction)
        text = "\(sign)\(whole)." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
}
