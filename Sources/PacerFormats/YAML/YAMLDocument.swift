import CYAML
import PacerFoundation

/// Reads YAML through the system's libyaml into a tree of nodes, as a guarded reader: nodes may
/// nest only so deep, and the whole document, each alias counted for every node it stands for, may
/// hold only so many; so an alias bomb ("billion laughs") is refused after a few thousand nodes,
/// never expanded. A key written twice keeps its last value (as PyYAML does) and is reported; a
/// merge key (`<<: *base`) brings in the keys of the mapping it names that the mapping lacks.
enum YAMLDocument {
    /// Nodes may nest at most this deep.
    static let maximumDepth = 64
    /// A document may stand for at most this many nodes, aliases expanded.
    static let maximumNodes = 100_000

    /// The first document of `bytes`, or the first reason they are not YAML pacer reads.
    static func parse(_ bytes: [UInt8]) throws(YAMLError) -> YAMLParsed {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            throw YAMLError(position: SourcePosition(line: 1, column: 1), message: "the YAML reader could not start (out of memory)")
        }
        defer { yaml_parser_delete(&parser) }
        var builder = TreeBuilder()
        return try bytes.withUnsafeBufferPointer { buffer throws(YAMLError) -> YAMLParsed in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) != 0 else {
                    let reason = parser.problem.map { String(cString: $0) } ?? "not well-formed"
                    throw YAMLError(position: position(parser.problem_mark), message: "the YAML is malformed: \(reason)")
                }
                defer { yaml_event_delete(&event) }
                if let root = try builder.take(event) { return YAMLParsed(root: root, duplicates: builder.duplicates) }
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
    /// Keys written twice in one mapping, in the order met.
    private(set) var duplicates: [YAMLDuplicateKey] = []

    /// Takes one event; the root once the first document's root node is complete.
    mutating func take(_ event: yaml_event_t) throws(YAMLError) -> YAMLNode? {
        let position = YAMLDocument.position(event.start_mark)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            throw YAMLError(position: position, message: "the file holds no YAML document")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let node = YAMLNode(
                value: .scalar(text), tag: Self.string(scalar.tag), position: position, size: 1,
                isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE)
            return try add(node, anchor: Self.string(scalar.anchor))
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let node = anchors[name] else {
                throw YAMLError(position: position, message: "the alias *\(name) names no anchor before it")
            }
            return try add(node, anchor: nil)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard stack.count < YAMLDocument.maximumDepth else {
                throw YAMLError(
                    position: position, message: "the YAML nests more than \(YAMLDocument.maximumDepth) deep: this is no workout file")
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
                value = .mapping(try pairs(of: open.items))
            } else {
                value = .sequence(open.items)
            }
            return try add(YAMLNode(value: value, tag: open.tag, position: open.position, size: size), anchor: open.anchor, counted: true)
        default:
            return nil
        }
    }

    /// A mapping's pairs from its keys and values in turn: a key written again replaces the value
    /// where it stood (and is reported), and the mappings a merge key names fill in the keys missing.
    private mutating func pairs(of items: [YAMLNode]) throws(YAMLError) -> [(key: String, value: YAMLNode)] {
        var pairs: [(key: String, value: YAMLNode)] = []
        var keyPositions: [String: SourcePosition] = [:]
        var merged: [[(key: String, value: YAMLNode)]] = []
        for index in stride(from: 0, to: items.count - 1, by: 2) {
            let (key, value) = (items[index], items[index + 1])
            guard let text = key.text else {
                throw YAMLError(
                    position: key.position, message: "a key of this mapping is not plain text: pacer reads workouts whose keys are words")
            }
            if text == "<<", key.isPlain {
                merged += try Self.mergedMappings(value)
                continue
            }
            if let first = keyPositions[text], let at = pairs.firstIndex(where: { $0.key == text }) {
                duplicates.append(YAMLDuplicateKey(key: text, position: key.position, first: first))
                pairs[at].value = value
            } else {
                pairs.append((text, value))
            }
            keyPositions[text] = key.position
        }
        for mapping in merged {
            for pair in mapping where !pairs.contains(where: { $0.key == pair.key }) { pairs.append(pair) }
        }
        return pairs
    }

    /// The mappings a merge key's value names: one mapping, or a list of them (the first wins a key).
    private static func mergedMappings(_ value: YAMLNode) throws(YAMLError) -> [[(key: String, value: YAMLNode)]] {
        let nodes: [YAMLNode]
        if case .sequence(let items) = value.value { nodes = items } else { nodes = [value] }
        var mappings: [[(key: String, value: YAMLNode)]] = []
        for node in nodes {
            guard case .mapping(let pairs) = node.value else {
                throw YAMLError(
                    position: node.position, message: "a merge key (<<) takes a mapping or a list of mappings, such as <<: *interval")
            }
            mappings.append(pairs)
        }
        return mappings
    }

    /// Puts a complete node into the one it is in (or returns it as the root), counting what it stands for.
    private mutating func add(_ node: YAMLNode, anchor: String?, counted: Bool = false) throws(YAMLError) -> YAMLNode? {
        // A collection's own nodes were counted as they came; an alias counts all it stands for again.
        nodes += counted ? 1 : node.size
        guard nodes <= YAMLDocument.maximumNodes else {
            throw YAMLError(
                position: node.position,
                message:
                    "the YAML stands for more than \(YAMLDocument.maximumNodes) nodes (aliases counted for every node they repeat): this is no workout file"
            )
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
