import CYAML
import PacerCore

/// Reads YAML through the system's libyaml into a tree of nodes, as a guarded reader: nodes may
/// nest only so deep, and the whole document, each alias counted for every node it stands for, may
/// hold only so many; so an alias bomb ("billion laughs") is refused after a few thousand nodes,
/// never expanded.
enum YAMLDocument {
    /// Nodes may nest at most this deep.
    static let maximumDepth = 64
    /// A document may stand for at most this many nodes, aliases expanded.
    static let maximumNodes = 100_000

    /// The first document of `bytes`, or the first reason they are not YAML pacer reads.
    static func parse(_ bytes: [UInt8]) throws(YAMLError) -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            throw YAMLError(position: SourcePosition(line: 1, column: 1), message: "the YAML reader could not start (out of memory)")
        }
        defer { yaml_parser_delete(&parser) }
        var builder = TreeBuilder()
        return try bytes.withUnsafeBufferPointer { buffer throws(YAMLError) -> YAMLNode in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) != 0 else {
                    let reason = parser.problem.map { String(cString: $0) } ?? "not well-formed"
                    throw YAMLError(position: position(parser.problem_mark), message: "the YAML is malformed: \(reason)")
                }
                defer { yaml_event_delete(&event) }
                if let root = try builder.take(event) { return root }
            }
        }
    }

    static func position(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }
}

/// Builds the tree as libyaml reports events, keeping each anchored node to stand in for its aliases.
private struct TreeBuilder {
    private struct Open {
        let position: SourcePosition
        let tag: String?
        let anchor: String?
        let isMapping: Bool
        var items: [YAMLNode] = []
    }

    private var stack: [Open] = []
    private var anchors: [String: YAMLNode] = [:]
    private var nodes = 0

    /// Takes one event; the root once the first document's root node is complete.
    mutating func take(_ event: yaml_event_t) throws(YAMLError) -> YAMLNode? {
        let position = YAMLDocument.position(event.start_mark)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            throw YAMLError(position: position, message: "the file holds no YAML document")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            return try add(YAMLNode(value: .scalar(text), tag: Self.string(scalar.tag), position: position, size: 1), anchor: Self.string(scalar.anchor))
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let node = anchors[name] else {
                throw YAMLError(position: position, message: "the alias *\(name) names no anchor before it")
            }
            return try add(node, anchor: nil)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard stack.count < YAMLDocument.maximumDepth else {
                throw YAMLError(position: position, message: "the YAML nests more than \(YAMLDocument.maximumDepth) deep: this is no workout file")
            }
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let tag = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
            let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            stack.append(Open(position: position, tag: Self.string(tag), anchor: Self.string(anchor), isMapping: isMapping))
            return nil
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let open = stack.popLast() else { return nil }
            let size = open.items.reduce(1) { $0 + $1.size }
            let value: YAMLNode.Value
            if open.isMapping {
                var pairs: [(key: String, value: YAMLNode)] = []
                for index in stride(from: 0, to: open.items.count - 1, by: 2) {
                    guard let key = open.items[index].text else {
                        throw YAMLError(position: open.items[index].position, message: "a key of this mapping is not plain text: pacer reads workouts whose keys are words")
                    }
                    pairs.append((key, open.items[index + 1]))
                }
                value = .mapping(pairs)
            } else {
                value = .sequence(open.items)
            }
            return try add(YAMLNode(value: value, tag: open.tag, position: open.position, size: size), anchor: open.anchor, counted: true)
        default:
            return nil
        }
    }

    /// Puts a complete node into the one it is in (or returns it as the root), counting what it stands for.
    private mutating func add(_ node: YAMLNode, anchor: String?, counted: Bool = false) throws(YAMLError) -> YAMLNode? {
        // A collection's own nodes were counted as they came; an alias counts all it stands for again.
        nodes += counted ? 1 : node.size
        guard nodes <= YAMLDocument.maximumNodes else {
            throw YAMLError(position: node.position, message: "the YAML stands for more than \(YAMLDocument.maximumNodes) nodes (aliases counted for every node they repeat): this is no workout file")
        }
        if let anchor { anchors[anchor] = node }
        guard !stack.isEmpty else { return node }
        stack[stack.count - 1].items.append(node)
        return nil
    }

    private static func string(_ text: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        text.map { String(cString: $0) }
    }
}
