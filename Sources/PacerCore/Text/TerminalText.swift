/// Text on its way to a terminal.
///
/// Text from outside Pacer (workout files, what a user typed, a plugin's output) enters only
/// through `init(_:)`, `init(lines:)` or string interpolation, all of which show every control
/// character visibly (`\u{1b}`). The only escape sequences a `TerminalText` can hold are the SGR
/// styles Pacer adds itself with `styled(_:_:)`, so nothing from a file can act on the terminal.
public struct TerminalText: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    fileprivate enum Segment: Sendable, Equatable {
        case text(String)
        case style(String)
    }

    private var segments: [Segment]

    /// Plain text: every control character, line breaks included, is shown as an escape.
    public init(_ plain: String) {
        segments = [.text(Self.visible(plain, keepingLineBreaks: false))]
    }

    /// Text of several lines: line breaks are kept, every other control character is shown as an escape.
    public init(lines: String) {
        segments = [.text(Self.visible(lines, keepingLineBreaks: true))]
    }

    /// A literal written in Pacer's own source: its line breaks are kept.
    public init(stringLiteral literal: String) {
        self.init(lines: literal)
    }

    public init(stringInterpolation: StringInterpolation) {
        segments = stringInterpolation.segments
    }

    private init(segments: [Segment]) {
        self.segments = segments
    }

    /// Empty text.
    public static let empty = TerminalText(segments: [])

    /// `text` in an SGR style such as `1;31` (bold red), followed by a reset. Parameters other than
    /// digits and `;` are refused, so only colours and weights can be written this way.
    public static func styled(_ text: TerminalText, _ parameters: String) -> TerminalText {
        guard !parameters.isEmpty, parameters.utf8.allSatisfy({ $0 == UInt8(ascii: ";") || ($0 >= 48 && $0 <= 57) }) else {
            return text
        }
        return TerminalText(segments: [.style("\u{1B}[\(parameters)m")] + text.segments + [.style("\u{1B}[0m")])
    }

    /// The bytes to write.
    public var rendered: String {
        var result = ""
        for segment in segments {
            switch segment {
            case .text(let text), .style(let text): result += text
            }
        }
        return result
    }

    /// The text without its styles.
    public var plain: String {
        var result = ""
        for case .text(let text) in segments { result += text }
        return result
    }

    public var description: String { rendered }

    public var isEmpty: Bool { plain.isEmpty }

    /// The number of terminal cells the text takes (wide characters count two).
    public var width: Int {
        var total = 0
        for case .text(let text) in segments { total += DisplayWidth.of(text) }
        return total
    }

    /// The text cut to at most `width` cells, ending in `…` when something was cut; styles are kept.
    public func truncated(toWidth width: Int) -> TerminalText {
        guard self.width > width else { return self }
        guard width > 0 else { return .empty }
        var budget = width - 1
        var result: [Segment] = []
        var cut = false
        for segment in segments {
            switch segment {
            case .style:
                result.append(segment)
            case .text(let text) where !cut:
                var kept = ""
                for character in text {
                    let cells = DisplayWidth.of(character)
                    if cells > budget {
                        cut = true
                        break
                    }
                    budget -= cells
                    kept.append(character)
                }
                if cut { kept += "…" }
                result.append(.text(kept))
            case .text:
                break
            }
        }
        return TerminalText(segments: result)
    }

    /// The text followed by spaces up to `width` cells.
    public func padded(to width: Int) -> TerminalText {
        self + TerminalText(String(repeating: " ", count: max(0, width - self.width)))
    }

    /// Spaces up to `width` cells, then the text.
    public func leftPadded(to width: Int) -> TerminalText {
        TerminalText(String(repeating: " ", count: max(0, width - self.width))) + self
    }

    public static func + (lhs: TerminalText, rhs: TerminalText) -> TerminalText {
        TerminalText(segments: lhs.segments + rhs.segments)
    }

    public static func += (lhs: inout TerminalText, rhs: TerminalText) {
        lhs.segments += rhs.segments
    }

    /// Texts joined with a separator.
    public static func joined(_ parts: [TerminalText], separator: TerminalText) -> TerminalText {
        var result = TerminalText.empty
        for (position, part) in parts.enumerated() {
            if position > 0 { result += separator }
            result += part
        }
        return result
    }

    /// Builds text from a literal with interpolations: the literal is Pacer's own, every
    /// interpolated value is shown safely (a `TerminalText` keeps its styles).
    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var segments: [Segment] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            segments.append(.text(TerminalText.visible(literal, keepingLineBreaks: true)))
        }

        public mutating func appendInterpolation(_ text: TerminalText) {
            segments += text.segments
        }

        public mutating func appendInterpolation<Value>(_ value: Value) {
            segments.append(.text(TerminalText.visible(String(describing: value), keepingLineBreaks: false)))
        }
    }

    /// `text` with every control character (C0, DEL, C1) and every bidirectional override shown
    /// as a Swift-style escape such as `\u{1b}`.
    public static func visible(_ text: String, keepingLineBreaks: Bool) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks: keepingLineBreaks) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingLineBreaks: keepingLineBreaks) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !keepingLineBreaks
        case 0x00..<0x20, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
