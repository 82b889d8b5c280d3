extension Character {
    /// `0` to `9`, and no other script's digits.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
