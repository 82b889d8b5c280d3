import Testing

@testable import PacerFoundation

/// A JSON value without positions, so parsed documents can be compared whole.
private indirect enum Plain: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Plain])
    case object([Pair])

    struct Pair: Equatable {
        let key: String
        let value: Plain
    }

    init(_ value: JSONValue) {
        switch value.content {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(Plain.init))
        case .object(let members): self = .object(members.map { Pair(key: $0.key, value: Plain($0.value)) })
        }
    }
}

private func parse(_ text: String) throws -> Plain {
    Plain(try JSONParser.parse(Array(text.utf8)))
}

private func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error
    }
}

private func syntaxError(_ text: String) -> JSONSyntaxError? {
    syntaxError(Array(text.utf8))
}

@Suite("JSON parser")
struct JSONParserTests {
    /// One malformed input and exactly what the parser must say about it.
    struct SyntaxCase: Sendable, CustomTestStringConvertible {
        let input: [UInt8]
        let line: Int
        let column: Int
        let message: String

        init(_ input: String, _ line: Int, _ column: Int, _ message: String) {
            self.init(bytes: Array(input.utf8), line, column, message)
        }

        init(bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
            self.input = bytes
            self.line = line
            self.column = column
            self.message = message
        }

        var testDescription: String {
            String(decoding: input, as: UTF8.self).debugDescription
        }
    }

    // MARK: - Values

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#"{"s": "x", "n": -12.5e1, "t": true, "f": false, "z": null, "a": [1, [], {}], "o": {"k": "v"}}"#)
        #expect(
            value
                == .object([
                    .init(key: "s", value: .string("x")),
                    .init(key: "n", value: .number(-125)),
                    .init(key: "t", value: .bool(true)),
                    .init(key: "f", value: .bool(false)),
                    .init(key: "z", value: .null),
                    .init(key: "a", value: .array([.number(1), .array([]), .object([])])),
                    .init(key: "o", value: .object([.init(key: "k", value: .string("v"))])),
                ]))
    }

    @Test func keepsObjectMembersInSourceOrder() throws {
        let value = try parse(#"{"z": 1, "a": 2, "m": 3}"#)
        guard case .object(let pairs) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(pairs.map(\.key) == ["z", "a", "m"])
    }

    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("7", 7), ("123.456", 123.456), ("1E2", 100), ("1e-2", 0.01),
        ("2.5E+3", 2500), ("-0.25", -0.25), ("86400", 86400),
    ])
    func parsesNumbers(text: String, expected: Double) throws {
        #expect(try parse(text) == .number(expected))
    }

    @Test func acceptsAScalarDocumentAndSurroundingWhitespace() throws {
        #expect(try parse(" \t\r\n 42 \n") == .number(42))
        #expect(try parse(#""hi""#) == .string("hi"))
    }

    @Test func skipsAByteOrderMark() throws {
        let value = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        #expect(Plain(value) == .object([.init(key: "a", value: .number(1))]))
    }

    @Test func remembersWhereEachValueStarts() throws {
        let value = try JSONParser.parse(Array(#"[1, "ab", {"k": null}]"#.utf8))
        #expect(value.offset == 0)
        guard case .array(let elements) = value.content else {
            Issue.record("not an array")
            return
        }
        #expect(elements.map(\.offset) == [1, 4, 10])
        #expect(elements.map(\.typeName) == ["a number", "a string", "an object"])
    }

    // MARK: - Strings

    @Test func decodesEveryEscape() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{08}\u{0C}\n\r\t"))
        #expect(try parse(#""\u0041\u00e9\u20AC\u0000""#) == .string("Aé€\u{0}"))
    }

    @Test func decodesSurrogatePairs() throws {
        #expect(try parse(#""\uD83D\uDE00""#) == .string("😀"))
        #expect(try parse(#""\ud834\udd1e clef""#) == .string("𝄞 clef"))
    }

    @Test func keepsRawUTF8Text() throws {
        #expect(try parse(#""Crème brûlée 😀 日本""#) == .string("Crème brûlée 😀 日本"))
    }

    /// A string is copied in runs of plain bytes between escapes and multi-byte characters: every
    /// mix of the three, at either end too, reads as its characters in order.
    @Test func mixesRunsEscapesAndMultiByteCharacters() throws {
        #expect(try parse(#""""#) == .string(""))
        #expect(try parse(#""plain ASCII: ~!@#$%^&*()_+{}[]|:;'<>?,./`""#) == .string("plain ASCII: ~!@#$%^&*()_+{}[]|:;'<>?,./`"))
        #expect(try parse(#""\u007F\n""#) == .string("\u{7F}\n"))
        #expect(try parse(#""é""#) == .string("é"))
        #expect(try parse(#""a\tb\"c\\dé€e\u00e9f😀""#) == .string("a\tb\"c\\dé€eéf😀"))
        #expect(try parse(#""ü\nü""#) == .string("ü\nü"))
        #expect(try parse(#"["Squats", "Squats\u0021", "Squâts"]"#) == .array([.string("Squats"), .string("Squats!"), .string("Squâts")]))
    }

    @Test func aStringCutShortIsStillUnclosedWhereverItStops() {
        for text in [#""abc"#, #""a\tbc"#, #""abc é"#, #""é"#] {
            #expect(syntaxError(Array(text.utf8))?.message == "this string is never closed: missing '\"'", "\(text)")
        }
        #expect(syntaxError([0x22, 0x61, 0xC3, 0x22])?.message == "the file is not valid UTF-8 text")
        #expect(syntaxError([0x22, 0x61, 0x62, 0xC0, 0xAF, 0x22])?.message == "the file is not valid UTF-8 text")
    }

    // MARK: - Syntax errors

    static let syntaxCases: [SyntaxCase] = [
        SyntaxCase("", 1, 1, "the file is empty: expected a JSON object"),
        SyntaxCase("  \n  ", 2, 3, "the file is empty: expected a JSON object"),
        SyntaxCase(#"{"a": 1,}"#, 1, 9, "unexpected '}': expected a key in double quotes"),
        SyntaxCase("[1, 2,]", 1, 7, "unexpected ']': expected a value"),
        SyntaxCase(#"{"a" 1}"#, 1, 6, #"unexpected '1': expected ':' after the key "a""#),
        SyntaxCase("{\"a\"}", 1, 5, #"unexpected '}': expected ':' after the key "a""#),
        SyntaxCase("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, #"unexpected '"': expected ',' or '}' in the object that starts at 1:1"#),
        SyntaxCase("[\n  [1 2]]", 2, 6, "unexpected '2': expected ',' or ']' in the array that starts at 2:3"),
        SyntaxCase(#"{"a": 1"#, 1, 8, "unexpected end of file: expected ',' or '}' in the object that starts at 1:1"),
        SyntaxCase("[1,", 1, 4, "unexpected end of file: expected a value"),
        SyntaxCase(#"{"a":"#, 1, 6, "unexpected end of file: expected a value"),
        SyntaxCase(#"{1: 2}"#, 1, 2, "unexpected '1': expected a key in double quotes"),
        SyntaxCase(#"{"name": "Tabata}"#, 1, 10, #"this string is never closed: missing '"'"#),
        SyntaxCase("{\"a\": \"x\ny\"}", 1, 9, #"line break inside a string: missing '"' or write \n"#),
        SyntaxCase("[\"a\tb\"]", 1, 4, "control character inside a string: escape it"),
        SyntaxCase(bytes: Array("[\"a".utf8) + [0x00] + Array("\"]".utf8), 1, 4, "control character inside a string: escape it"),
        SyntaxCase("[01]", 1, 3, "numbers may not have leading zeros"),
        SyntaxCase("[-007]", 1, 4, "numbers may not have leading zeros"),
        SyntaxCase("[-]", 1, 3, "expected a digit in the number"),
        SyntaxCase("[1.]", 1, 4, "expected a digit after the decimal point"),
        SyntaxCase("[1e]", 1, 4, "expected a digit in the exponent"),
        SyntaxCase("[.5]", 1, 2, "unexpected '.': expected a value"),
        SyntaxCase("[+1]", 1, 2, "unexpected '+': expected a value"),
        SyntaxCase(#"{"a": 1, "a": 2}"#, 1, 10, #"duplicate key "a""#),
        SyntaxCase("{\n  \"work\": 1,\n  \"work\": 2\n}", 3, 3, #"duplicate key "work""#),
        SyntaxCase("{} x", 1, 4, "unexpected 'x' after the end of the JSON document"),
        SyntaxCase("{}}", 1, 3, "unexpected '}' after the end of the JSON document"),
        SyntaxCase("{}\n{}", 2, 1, "unexpected '{' after the end of the JSON document"),
        SyntaxCase("[tru]", 1, 5, "unexpected ']': expected true"),
        SyntaxCase("[nul", 1, 5, "unexpected end of file: expected null"),
        SyntaxCase("[fals e]", 1, 6, "unexpected space: expected false"),
        SyntaxCase("[undefined]", 1, 2, "unexpected 'u': expected a value"),
        SyntaxCase(#"["\uD83D"]"#, 1, 9, #"a \u surrogate pair is missing its second half"#),
        SyntaxCase(#"["\uD83D\u0041"]"#, 1, 15, #"invalid \u surrogate pair"#),
        SyntaxCase(#"["\uDE00"]"#, 1, 9, #"a lone \u surrogate is not a character"#),
        SyntaxCase(#"["\u12G4"]"#, 1, 7, #"expected four hex digits after \u"#),
        SyntaxCase(#"["\u12"#, 1, 7, #"unexpected end of file in a \u escape"#),
        SyntaxCase(#"["\"#, 1, 4, "unexpected end of file in an escape sequence"),
        // Invalid UTF-8: a stray byte, a truncated sequence, an overlong form, an encoded surrogate, beyond U+10FFFF.
        SyntaxCase(bytes: Array("[\"a".utf8) + [0xFF] + Array("\"]".utf8), 1, 4, "the file is not valid UTF-8 text"),
        SyntaxCase(bytes: Array("[\"".utf8) + [0x80] + Array("\"]".utf8), 1, 3, "the file is not valid UTF-8 text"),
        SyntaxCase(bytes: Array("[\"".utf8) + [0xC3] + Array("\"]".utf8), 1, 3, "the file is not valid UTF-8 text"),
        SyntaxCase(bytes: Array("[\"".utf8) + [0xC0, 0xAF] + Array("\"]".utf8), 1, 3, "the file is not valid UTF-8 text"),
        SyntaxCase(bytes: Array("[\"".utf8) + [0xE0, 0x80, 0xAF] + Array("\"]".utf8), 1, 3, "the file is not valid UTF-8 text"),
        SyntaxCase(bytes: Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8), 1, 3, "the file is not valid UTF-8 text"),
        SyntaxCase(bytes: Array("[\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8), 1, 3, "the file is not valid UTF-8 text"),
        SyntaxCase(bytes: Array("[\"".utf8) + [0xE2, 0x82], 1, 3, "the file is not valid UTF-8 text"),
        SyntaxCase(bytes: [UInt8(ascii: "["), 0xFF, UInt8(ascii: "]")], 1, 2, "unexpected byte 0xFF: expected a value"),
        SyntaxCase(bytes: [0x00], 1, 1, "unexpected byte 0x0: expected a value"),
    ]

    @Test(arguments: syntaxCases)
    func reportsSyntaxErrorsWithExactPositions(_ example: SyntaxCase) throws {
        let error = try #require(syntaxError(example.input))
        #expect(error.message == example.message)
        #expect(error.position == SourcePosition(line: example.line, column: example.column))
    }

    @Test func reportsAnInvalidEscapeAtTheEscapedCharacter() throws {
        let error = try #require(syntaxError(#"["ok", "\x"]"#))
        #expect(error.position == SourcePosition(line: 1, column: 10))
        #expect(error.message == #"invalid escape sequence: after a backslash comes one of \" \\ / b f n r t u"#)
    }

    @Test func numbersTooLargeForADoubleAreErrorsNotInfinity() throws {
        let error = try #require(syntaxError("[1, 1e400]"))
        #expect(error.message == "the number 1e400 is too large")
        #expect(error.position == SourcePosition(line: 1, column: 5))
    }

    // MARK: - Depth

    @Test func tenThousandOpenBracketsGiveTheDepthErrorNotACrash() throws {
        let error = try #require(syntaxError([UInt8](repeating: UInt8(ascii: "["), count: 10_000)))
        #expect(error.message == "arrays and objects nest deeper than 256 levels, the limit")
        #expect(error.position == SourcePosition(line: 1, column: JSONParser.maximumDepth + 1))
    }

    @Test func tenThousandNestedObjectsGiveTheDepthError() throws {
        let error = try #require(syntaxError(String(repeating: #"{"a":"#, count: 10_000)))
        #expect(error.message == "arrays and objects nest deeper than 256 levels, the limit")
        #expect(error.position == SourcePosition(line: 1, column: 5 * JSONParser.maximumDepth + 1))
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONParser.parse(Array(nested.utf8))
        var levels = 1
        while case .array(let elements) = value.content, let first = elements.first {
            value = first
            levels += 1
        }
        #expect(levels == depth)

        let tooDeep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        #expect(syntaxError(tooDeep)?.position == SourcePosition(line: 1, column: depth + 1))
    }

    // MARK: - Positions

    @Test func columnsCountCharactersNotBytes() throws {
        // `{"é😀": x}`: é is two bytes and 😀 four, but each is one column.
        let error = try #require(syntaxError(#"{"é😀": x}"#))
        #expect(error.position == SourcePosition(line: 1, column: 8))
        #expect(error.message == "unexpected 'x': expected a value")

        let multiline = try #require(syntaxError("{\n  \"naïve café\": \"ok\",\n  \"日本\" 1\n}"))
        #expect(multiline.position == SourcePosition(line: 3, column: 8))
    }

    @Test func aByteOrderMarkTakesNoColumn() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let error = try #require(syntaxError(bom + Array("{x".utf8)))
        #expect(error.position == SourcePosition(line: 1, column: 2))
        #expect(error.message == "unexpected 'x': expected a key in double quotes")
        let empty = try #require(syntaxError(bom))
        #expect(empty.position == SourcePosition(line: 1, column: 1))
        #expect(empty.message == "the file is empty: expected a JSON object")
        #expect(SourcePosition(of: 1, in: bom + [UInt8(ascii: "x")]) == SourcePosition(line: 1, column: 1))
    }

    @Test func sourcePositionOfAnOffset() {
        let bytes = Array("ab\ncé\n😀x".utf8)
        #expect(SourcePosition(of: 0, in: bytes) == SourcePosition(line: 1, column: 1))
        #expect(SourcePosition(of: 2, in: bytes) == SourcePosition(line: 1, column: 3))
        #expect(SourcePosition(of: 3, in: bytes) == SourcePosition(line: 2, column: 1))
        #expect(SourcePosition(of: 6, in: bytes) == SourcePosition(line: 2, column: 3))
        #expect(SourcePosition(of: 11, in: bytes) == SourcePosition(line: 3, column: 2))
        #expect(SourcePosition(of: 1_000, in: bytes) == SourcePosition(line: 3, column: 3))
        #expect(SourcePosition(line: 3, column: 7).description == "3:7")
    }
}
