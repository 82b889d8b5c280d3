/// Text turned into roff for the man page: escaped so that nothing in it is read as a request or an escape.
enum Roff {
    /// One line of text as roff: backslashes, hyphens and characters beyond ASCII escaped, and a
    /// line starting with `.` or `'` (which roff would take for a request) guarded.
    static func line(_ text: String) -> String {
        var result = text.first == "." || text.first == "'" ? #"\&"# : ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += #"\(rs"#
            case "-": result += #"\-"#
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += #"\[u"# + hex(scalar.value) + "]"
            }
        }
        return result
    }

    /// `text` in bold (`\fB…\fR`).
    static func bold(_ text: String) -> String {
        #"\fB"# + line(text) + #"\fR"#
    }

    /// `text` in italics (`\fI…\fR`), as a placeholder is written.
    static func italic(_ text: String) -> String {
        #"\fI"# + line(text) + #"\fR"#
    }

    /// Help text as roff: its lines are filled into paragraphs, a blank line starts a new one, and
    /// indented lines (a table, commands to type) are kept as they are.
    static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = []
        var verbatim = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indented = line.hasPrefix("  ")
            if indented != verbatim {
                lines += indented ? [".RS 2", ".nf"] : [".fi", ".RE"]
                verbatim = indented
            }
            lines.append(line.isEmpty ? ".PP" : Self.line(String(indented ? line.dropFirst(2) : line)))
        }
        if verbatim { lines += [".fi", ".RE"] }
        return lines
    }

    /// A code point as `\[u…]` wants it: at least four upper-case hexadecimal digits.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
