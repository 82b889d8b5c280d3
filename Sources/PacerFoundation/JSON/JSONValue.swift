/// A parsed JSON value that remembers where in the source text it began.
public struct JSONValue: Sendable {
    /// The shape and content of a JSON value.
    public enum Content: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([Member])
    }

    /// One `"key": value` pair of an object, in source order.
    public struct Member: Sendable {
        public let key: String
        public let value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public let content: Content
    /// The byte offset in the source where the value starts; see `SourcePosition(of:in:)`.
    public let offset: Int

    public init(content: Content, offset: Int) {
        self.content = content
        self.offset = offset
    }

    /// The name of this value's JSON type, as a user would say it in an error message.
    public var typeName: String {
        switch content {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A 1-based line and column in a source text (columns count characters).
public struct SourcePosition: Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Finds the line and column of a byte offset; columns count characters, as editors do
    /// (a leading byte order mark is not a character an editor shows, so it is not counted).
    public init(of offset: Int, in bytes: [UInt8]) {
        var line = 1
        var column = 1
        let end = max(0, min(offset, bytes.count))
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, end) : 0
        for byte in bytes[start..<end] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(line: line, column: column)
    }

    public var description: String { "\(line):\(column)" }
}
