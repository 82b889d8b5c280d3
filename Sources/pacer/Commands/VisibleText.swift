// Stand-in until PacerCore's shared function for workout text lands: replace every use of
// `visible` with it and delete this file.
extension String {
    /// The text with every C0 and C1 control character and DEL written as a visible escape
    /// (`\u{1b}`), so text from the history (workout names, files) cannot drive the terminal.
    var visible: String {
        guard unicodeScalars.contains(where: \.isControl) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if scalar.isControl {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    /// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
    var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
