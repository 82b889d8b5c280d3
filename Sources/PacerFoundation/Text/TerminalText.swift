/// Text on its way to a terminal.
///
/// Text from outside Pacer (workout files, what a user typed, a plugin's output) enters only
/// through `init(_:)`, `init(lines:)` or string interpolation, all of which show every control
/// character visibly (`\u{1b}`). The only escape sequences a `TerminalText` can hold are the SGR
/// styles Pacer adds itself with `styled(_:_:)`, so nothing from a file can act on the terminal.
public struct TerminalText: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The bytes to write. The only ESC characters in it begin the SGR styles added by `styled`,
    /// since every other control character was made visible on the way in.
    public private(set) var rendered: String

    /// Plain text: every control character, line breaks included, is shown as an escape.
    public init(_ plain: String) {
        rendered = Self.visible(plain, keepingLineBreaks: false)
    }

    /// Text of several lines: line breaks are kept, every other control character is shown as an escape.
    public init(lines: String) {
        rendered = Self.visible(lines, keepingLineBreaks: true)
    }

    /// A literal written in Pacer's own source: its line breaks are kept.
    public init(stringLiteral literal: String) {
        self.init(lines: literal)
    }

    public init(stringInterpolation: StringInterpolation) {
        rendered = stringInterpolation.rendered
    }

    private init(rendered: String) {
        self.rendered = rendered
    }

    /// Empty text.
    public static let empty = TerminalText(rendered: "")

    /// `text` in an SGR style such as `1;31` (bold red), followed by a reset. Parameters other than
    /// digits and `;` are refused, so only colours and weights can be written this way.
    public static func styled(_ text: TerminalText, _ parameters: String) -> TerminalText {
        var result = TerminalText.empty
        result.append(text, styled: parameters)
        return result
    }

    /// Appends `text` as `styled(text, parameters)` shows it, without making that text first.
    public mutating func append(_ text: TerminalText, styled parameters: String) {
        guard Self.isStyle(parameters) else {
            rendered += text.rendered
            return
        }
        rendered.reserveCapacity(rendered.utf8.count + parameters.utf8.count + text.rendered.utf8.count + 7)
        rendered += "\u{1B}["
        rendered += parameters
        rendered += "m"
        rendered += text.rendered
        rendered += "\u{1B}[0m"
    }

    /// Whether `parameters` are what `styled` paints with: digits and semicolons, at least one;
    /// anything else leaves the text as it is.
    public static func isStyle(_ parameters: String) -> Bool {
        !parameters.isEmpty && parameters.utf8.allSatisfy { $0 == UInt8(ascii: ";") || ($0 >= 48 && $0 <= 57) }
    }

    /// The text without its styles.
    public var plain: String {
        guard rendered.utf8.contains(0x1B) else { return rendered }
        var result = ""
        forEachPart { part, isStyle in if !isStyle { result += part } }
        return result
    }

    public var description: String { rendered }

    public var isEmpty: Bool { plain.isEmpty }

    /// Whether the two send the terminal the same bytes: `==` compares as Unicode does, which is
    /// slower for text that is not ASCII, and a terminal does not.
    public func isIdentical(to other: TerminalText) -> Bool {
        rendered.utf8.count == other.rendered.utf8.count && sharedPrefixLength(with: other) == rendered.utf8.count
    }

    /// How many bytes from the start the two texts' rendered forms have in common, compared
    /// eight at a time.
    public func sharedPrefixLength(with other: TerminalText) -> Int {
        let shared = rendered.utf8.withContiguousStorageIfAvailable { mine in
            other.rendered.utf8.withContiguousStorageIfAvailable { Self.sharedPrefixLength(mine, $0) }
        }
        return (shared ?? nil) ?? zip(rendered.utf8, other.rendered.utf8).prefix { $0 == $1 }.count
    }

    private static func sharedPrefixLength(_ mine: UnsafeBufferPointer<UInt8>, _ theirs: UnsafeBufferPointer<UInt8>) -> Int {
        let count = min(mine.count, theirs.count)
        guard let left = mine.baseAddress, let right = theirs.baseAddress else { return 0 }
        let raw = (left: UnsafeRawPointer(left), right: UnsafeRawPointer(right))
        var offset = 0
        while offset + 8 <= count {
            let difference =
                raw.left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                ^ raw.right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // The words are read little-endian: the first byte that differs is the lowest set one.
            if difference != 0 { return offset + difference.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < count, mine[offset] == theirs[offset] { offset += 1 }
        return offset
    }

    /// The number of terminal cells the text takes (wide characters count two).
    public var width: Int {
        var styled = false
        for byte in rendered.utf8 {
            if byte >= 0x80 { return DisplayWidth.of(plain) }
            if byte == 0x1B { styled = true }
        }
        guard styled else { return rendered.utf8.count }
        // ASCII with styles, most of the display: the bytes between the styles, with no copy made.
        var cells = 0
        forEachPart { part, isStyle in if !isStyle { cells += part.utf8.count } }
        return cells
    }

    /// The text cut to at most `width` cells, ending in `…` when something was cut; styles are kept.
    public func truncated(toWidth width: Int) -> TerminalText {
        guard self.width > width else { return self }
        guard width > 0 else { return .empty }
        var budget = width - 1
        var result = ""
        var cut = false
        forEachPart { part, isStyle in
            if isStyle {
                result += part
                return
            }
            guard !cut else { return }
            for character in part {
                let cells = DisplayWidth.of(character)
                if cells > budget {
                    cut = true
                    result += "…"
                    return
                }
                budget -= cells
                result.append(character)
            }
        }
        return TerminalText(rendered: result)
    }

    /// `count` spaces.
    public static func spaces(_ count: Int) -> TerminalText {
        let count = max(0, count)
        return TerminalText(
            rendered: String(unsafeUninitializedCapacity: count) { buffer in
                buffer.initialize(repeating: UInt8(ascii: " "))
                return count
            })
    }

    /// `count` copies of `character` (none when `count` is 0 or less), shown safely as `init(_:)` shows it.
    /// The copies are made by doubling what is written, a few block copies in all: the live
    /// display's bars are made of such runs, each second.
    public static func repeating(_ character: Character, count: Int) -> TerminalText {
        let piece = Array(visible(String(character), keepingLineBreaks: false).utf8)
        let total = piece.count * max(0, count)
        return TerminalText(
            rendered: String(unsafeUninitializedCapacity: total) { buffer in
                guard total > 0 else { return 0 }
                _ = buffer.initialize(from: piece)
                var written = piece.count
                while written < total {
                    let chunk = min(written, total - written)
                    UnsafeMutableRawPointer(buffer.baseAddress! + written).copyMemory(from: buffer.baseAddress!, byteCount: chunk)
                    written += chunk
                }
                return total
            })
    }

    /// Appends `count` spaces in place (none when `count` is 0 or less).
    public mutating func appendSpaces(_ count: Int) {
        if count > 0 { self += .spaces(count) }
    }

    /// Empties the text, keeping its storage for what is appended next.
    public mutating func removeAll() {
        rendered.removeAll(keepingCapacity: true)
    }

    /// Makes room for `byteCount` bytes of rendered text, so that a text built piece by piece is
    /// not copied each time it outgrows its storage.
    public mutating func reserveCapacity(_ byteCount: Int) {
        rendered.reserveCapacity(byteCount)
    }

    /// The text followed by spaces up to `width` cells.
    public func padded(to width: Int) -> TerminalText {
        self + .spaces(width - self.width)
    }

    /// Spaces up to `width` cells, then the text.
    public func leftPadded(to width: Int) -> TerminalText {
        .spaces(width - self.width) + self
    }

    public static func + (lhs: TerminalText, rhs: TerminalText) -> TerminalText {
        TerminalText(rendered: lhs.rendered + rhs.rendered)
    }

    public static func += (lhs: inout TerminalText, rhs: TerminalText) {
        lhs.rendered += rhs.rendered
    }

    /// Texts joined with a separator.
    public static func joined(_ parts: [TerminalText], separator: TerminalText) -> TerminalText {
        TerminalText(rendered: parts.map(\.rendered).joined(separator: separator.rendered))
    }

    /// Calls `body` with each run of text and each style sequence (`ESC [ … m`), in order.
    /// Bytes are searched, not characters: ESC and `m` are ASCII, and a mark combining with the `m`
    /// must not hide the end of a style.
    public func forEachPart(_ body: (Substring, _ isStyle: Bool) -> Void) {
        var rest = Substring(rendered)
        while let escape = rest.utf8.firstIndex(of: 0x1B) {
            if escape > rest.startIndex { body(rest[..<escape], false) }
            let end = rest.utf8[escape...].firstIndex(of: UInt8(ascii: "m")).map(rest.utf8.index(after:)) ?? rest.endIndex
            body(rest[escape..<end], true)
            rest = rest[end...]
        }
        if !rest.isEmpty { body(rest, false) }
    }

    /// Builds text from a literal with interpolations: the literal is Pacer's own, every
    /// interpolated value is shown safely (a `TerminalText` keeps its styles).
    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var rendered = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            rendered.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            rendered += TerminalText.visible(literal, keepingLineBreaks: true)
        }

        public mutating func appendInterpolation(_ text: TerminalText) {
            rendered += text.rendered
        }

        public mutating func appendInterpolation(_ text: String) {
            rendered += TerminalText.visible(text, keepingLineBreaks: false)
        }

        /// A number is digits and perhaps a minus sign, with nothing to make visible, nor a look
        /// at what the type can describe.
        public mutating func appendInterpolation(_ value: Int) {
            rendered += String(value)
        }

        public mutating func appendInterpolation<Value>(_ value: Value) {
            rendered += TerminalText.visible(String(describing: value), keepingLineBreaks: false)
        }
    }

    /// `text` with every control character (C0, DEL, C1), the line and paragraph separators and
    /// every bidirectional override shown as a Swift-style escape such as `\u{1b}`.
    public static func visible(_ text: String, keepingLineBreaks: Bool) -> String {
        guard mayNeedEscapes(text, keepingLineBreaks: keepingLineBreaks),
            text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks: keepingLineBreaks) })
        else { return text }
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

    /// Whether `text` has a byte that may begin a character `needsEscape` shows: a C0 control or
    /// DEL, the lead byte of a C1 control (U+0080…U+009F are `C2 80`…`C2 9F`), or the lead byte of
    /// the separators and bidirectional overrides (U+2028…, U+202A… and U+2066… all begin `E2 80`
    /// or `E2 81`). Settled from
    /// the bytes, without decoding: most text, the display's block characters too, has none.
    private static func mayNeedEscapes(_ text: String, keepingLineBreaks: Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { mayNeedEscapes($0, keepingLineBreaks: keepingLineBreaks) }
            ?? mayNeedEscapes(Array(text.utf8), keepingLineBreaks: keepingLineBreaks)
    }

    private static func mayNeedEscapes(_ bytes: some Collection<UInt8>, keepingLineBreaks: Bool) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case 0x0A where keepingLineBreaks: break
            case 0x00..<0x20, 0x7F: return true
            case 0x80...0x9F where previous == 0xC2: return true
            case 0x80...0x81 where previous == 0xE2: return true
            default: break
            }
            previous = byte
        }
        return false
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !keepingLineBreaks
        case 0x00..<0x20, 0x7F...0x9F: true
        // U+2028 and U+2029 break the line on some terminals and not on others.
        case 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
