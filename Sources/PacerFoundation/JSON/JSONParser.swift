/// A JSON syntax error, located in the source text.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public let position: SourcePosition
    public let message: String

    public init(position: SourcePosition, message: String) {
        self.position = position
        self.message = message
    }
}

/// A strict RFC 8259 parser over UTF-8 bytes that reports exact positions and never recurses without bound.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted; deeper input is an error, not a stack overflow.
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON document that must fill the whole input.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.index < bytes.count else {
            throw parser.error("the file is empty: expected a JSON object")
        }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON document")
        }
        return value
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        guard index < bytes.count else { throw error("unexpected end of file: expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(start: start)
        case UInt8(ascii: "["): return try parseArray(start: start)
        case UInt8(ascii: "\""): return JSONValue(content: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONValue(content: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONValue(content: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONValue(content: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(content: .number(try parseNumber()), offset: start)
        default:
            throw error("unexpected \(describeCurrent()): expected a value")
        }
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("arrays and objects nest deeper than \(Self.maximumDepth) levels, the limit")
        }
    }

    private mutating func parseObject(start: Int) throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var members: [JSONValue.Member] = []
        // Room for a step's few keys at once, rather than growing one key at a time.
        members.reserveCapacity(4)
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return JSONValue(content: .object(members), offset: start)
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()): expected a key in double quotes")
            }
            let keyOffset = index
            let key = try parseString()
            if members.contains(where: { $0.key == key }) {
                throw error("duplicate key \"\(key)\"", at: keyOffset)
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()): expected ':' after the key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            members.append(JSONValue.Member(key: key, value: try parseValue()))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return JSONValue(content: .object(members), offset: start)
            default:
                throw error(
                    "unexpected \(describeCurrent()): expected ',' or '}' in the object that starts at \(SourcePosition(of: start, in: bytes))"
                )
            }
        }
    }

    private mutating func parseArray(start: Int) throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return JSONValue(content: .array(elements), offset: start)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return JSONValue(content: .array(elements), offset: start)
            default:
                throw error(
                    "unexpected \(describeCurrent()): expected ',' or ']' in the array that starts at \(SourcePosition(of: start, in: bytes))"
                )
            }
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard peek == byte else { throw error("unexpected \(describeCurrent()): expected \(word)") }
            index += 1
        }
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        guard let first = peek, isDigit(first) else { throw error("expected a digit in the number") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek, isDigit(next) { throw error("numbers may not have leading zeros") }
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard let next = peek, isDigit(next) else { throw error("expected a digit after the decimal point") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard let next = peek, isDigit(next) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("the number \(text) is too large", at: start) }
        return value
    }

    private mutating func skipDigits() {
        while let byte = peek, isDigit(byte) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: - Strings

    /// A string's text. Its bytes are copied as they are, in runs: only escapes are decoded, and
    /// other bytes of 0x80 and over are checked to be UTF-8, one sequence at a time.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        skipPlainBytes()
        if peek == UInt8(ascii: "\"") {
            // Most strings are plain ASCII: their bytes in the file are their text.
            index += 1
            return String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
        }
        var utf8 = Array(bytes[(start + 1)..<index])
        while true {
            guard index < bytes.count else {
                throw error("this string is never closed: missing '\"'", at: start)
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                UTF8.encode(try parseEscape()) { utf8.append($0) }
            case 0..<0x20:
                throw error(
                    byte == 0x0A ? "line break inside a string: missing '\"' or write \\n" : "control character inside a string: escape it")
            case 0..<0x80:
                let run = index
                skipPlainBytes()
                utf8 += bytes[run..<index]
            default:
                let sequence = index
                try skipUTF8Scalar()
                utf8 += bytes[sequence..<index]
            }
        }
    }

    /// Moves past printable ASCII other than `"` and `\`, which stand for themselves in a string.
    private mutating func skipPlainBytes() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { return }
            index += 1
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = peek else { throw error("unexpected end of file in an escape sequence") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("a \\u surrogate pair is missing its second half")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid \\u surrogate pair") }
                let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(combined) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("a lone \\u surrogate is not a character") }
            return scalar
        default:
            index -= 1
            throw error("invalid escape sequence: after a backslash comes one of \\\" \\\\ / b f n r t u")
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek else { throw error("unexpected end of file in a \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    /// Moves past one multi-byte UTF-8 sequence, rejecting overlong forms, surrogates and truncation.
    private mutating func skipUTF8Scalar() throws(JSONSyntaxError) {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
        default: throw error("the file is not valid UTF-8 text")
        }
        guard index + length <= bytes.count else { throw error("the file is not valid UTF-8 text") }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { throw error("the file is not valid UTF-8 text") }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, Unicode.Scalar(value) != nil else {
            throw error("the file is not valid UTF-8 text")
        }
        index += length
    }

    // MARK: - Position and errors

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                index += 1
            default:
                return
            }
        }
    }

    private func describeCurrent() -> String {
        guard let byte = peek else { return "end of file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == UInt8(ascii: " ") { return "space" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(position: SourcePosition(of: offset ?? index, in: bytes), message: message)
    }
}
