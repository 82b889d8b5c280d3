import CExpat
import PacerFoundation

/// Reads XML through the system's expat into a tree of elements, as a guarded reader: a document
/// type declaration (and with it every entity and DTD) is refused, never expanded; elements may nest
/// only so deep and be only so many, so a hostile file costs little.
enum XMLDocument {
    /// Elements may nest at most this deep.
    static let maximumDepth = 64
    /// A document may hold at most this many elements.
    static let maximumElements = 100_000

    /// The root element of `bytes`, or the first reason they are not a document pacer reads.
    static func parse(_ bytes: [UInt8]) throws(XMLError) -> XMLElement {
        guard let parser = XML_ParserCreate(nil) else {
            throw XMLError(position: SourcePosition(line: 1, column: 1), message: "the XML reader could not start (out of memory)")
        }
        defer { XML_ParserFree(parser) }
        let builder = TreeBuilder(parser: parser)
        let context = Unmanaged.passRetained(builder)
        defer { context.release() }
        XML_SetUserData(parser, context.toOpaque())
        pacer_expat_limit_amplification(parser)
        _ = XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER)
        XML_SetElementHandler(
            parser,
            { data, name, attributes in
                TreeBuilder.from(data).start(name, attributes)
            },
            { data, _ in
                TreeBuilder.from(data).end()
            })
        XML_SetCharacterDataHandler(parser) { data, text, length in
            TreeBuilder.from(data).characters(text, Int(length))
        }
        XML_SetStartDoctypeDeclHandler(parser) { data, _, _, _, _ in
            TreeBuilder.from(data).refuse(
                "the file declares a document type (<!DOCTYPE …>): pacer reads workout XML without one, and never expands its entities; remove the declaration"
            )
        }
        XML_SetEntityDeclHandler(parser) { data, _, _, _, _, _, _, _, _ in
            TreeBuilder.from(data).refuse(
                "the file declares an entity: pacer never expands entities a file declares; remove the declaration")
        }
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(1, buffer.count)) {
                XML_Parse(parser, $0, Int32(buffer.count), 1)
            }
        }
        if let failure = builder.failure { throw failure }
        guard status == XML_STATUS_OK, let root = builder.root else {
            let reason = XML_ErrorString(XML_GetErrorCode(parser)).map { String(cString: $0) } ?? "not well-formed"
            throw XMLError(position: builder.position(), message: "the XML is malformed: \(reason)")
        }
        return root
    }
}

/// Builds the tree as expat reports elements, stopping it at the first thing refused.
private final class TreeBuilder {
    let parser: XML_Parser
    var stack: [XMLElement] = []
    var root: XMLElement?
    var failure: XMLError?
    var count = 0

    init(parser: XML_Parser) {
        self.parser = parser
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> TreeBuilder {
        Unmanaged<TreeBuilder>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Where expat is in the document: its line, and its column counted from 1.
    func position() -> SourcePosition {
        SourcePosition(line: Int(XML_GetCurrentLineNumber(parser)), column: Int(XML_GetCurrentColumnNumber(parser)) + 1)
    }

    func refuse(_ message: String) {
        guard failure == nil else { return }
        failure = XMLError(position: position(), message: message)
        XML_StopParser(parser, XML_FALSE)
    }

    func start(_ name: UnsafePointer<CChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        guard failure == nil else { return }
        count += 1
        if stack.count >= XMLDocument.maximumDepth {
            return refuse("elements nest more than \(XMLDocument.maximumDepth) deep: this is no workout file")
        }
        if count > XMLDocument.maximumElements {
            return refuse("the file has more than \(XMLDocument.maximumElements) elements: this is no workout file")
        }
        var pairs: [(name: String, value: String)] = []
        var index = 0
        while let key = attributes?[index], let value = attributes?[index + 1] {
            pairs.append((String(cString: key), String(cString: value)))
            index += 2
        }
        stack.append(XMLElement(name: name.map { String(cString: $0) } ?? "", attributes: pairs, position: position()))
    }

    func end() {
        guard failure == nil, let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    func characters(_ text: UnsafePointer<CChar>?, _ length: Int) {
        guard failure == nil, !stack.isEmpty, let text else { return }
        let bytes = UnsafeRawBufferPointer(start: text, count: length)
        stack[stack.count - 1].text += String(decoding: bytes, as: UTF8.self)
    }
}
