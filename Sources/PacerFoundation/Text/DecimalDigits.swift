extension Int {
    /// How many decimal digits the number has (1 for 0; a negative number's, without its sign).
    public var decimalDigitCount: Int {
        var count = 1
        var rest = self / 10
        while rest != 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// Writes the number (at least 0) in decimal digits into `buffer` from `start`, and returns
    /// where they end.
    public func writeDecimalDigits(into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        let end = start + decimalDigitCount
        var rest = self
        for index in stride(from: end - 1, through: start, by: -1) {
            buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        return end
    }
}

extension [UInt8] {
    /// Appends `number` (at least 0) in decimal digits.
    public mutating func appendDecimal(_ number: Int) {
        let number = Swift.max(0, number)
        let start = count
        append(contentsOf: repeatElement(0, count: number.decimalDigitCount))
        withUnsafeMutableBufferPointer { _ = number.writeDecimalDigits(into: $0, at: start) }
    }
}
