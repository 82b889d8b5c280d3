extension Character {
    /// `0` to `9`, and no other script's digits.
    public var isASCIIDigit: Bool { isASCII && isNumber }
}
