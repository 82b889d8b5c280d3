import CYAML
import PacerFoundation
import PacerWorkout

/// Writes a JSON value as YAML through libyaml's emitter: mappings' keys in their order, a mapping
/// or sequence of scalars on one line (flow style) when it fits in `width` columns, block style
/// otherwise, and every string a YAML reader could take for a number, a flag or null quoted, so
/// that reading the text back gives the same value.
enum YAMLEmitter {
    /// A collection written on one line may be at most this wide, indentation included.
    static let width = 100

    /// The YAML text of `root`, ending in a line break.
    static func text(of root: JSONValue) throws(YAMLError) -> String {
        var emitter = yaml_emitter_t()
        guard yaml_emitter_initialize(&emitter) != 0 else { throw failure("the YAML writer could not start (out of memory)") }
        defer { yaml_emitter_delete(&emitter) }
        let output = Output()
        return try withExtendedLifetime(output) { () throws(YAMLError) -> String in
            yaml_emitter_set_output(
                &emitter,
                { data, buffer, size in
                    guard let data, let buffer else { return 0 }
                    Unmanaged<Output>.fromOpaque(data).takeUnretainedValue().bytes.append(
                        contentsOf: UnsafeBufferPointer(start: buffer, count: size))
                    return 1
                }, Unmanaged.passUnretained(output).toOpaque())
            yaml_emitter_set_unicode(&emitter, 1)
            yaml_emitter_set_indent(&emitter, 2)
            yaml_emitter_set_width(&emitter, -1)
            try emit(&emitter) { yaml_stream_start_event_initialize($0, YAML_UTF8_ENCODING) }
            try emit(&emitter) { yaml_document_start_event_initialize($0, nil, nil, nil, 1) }
            try write(root, indent: 0, block: true, into: &emitter)
            try emit(&emitter) { yaml_document_end_event_initialize($0, 1) }
            try emit(&emitter) { yaml_stream_end_event_initialize($0) }
            guard yaml_emitter_flush(&emitter) != 0 else { throw failure(problem(of: emitter)) }
            return String(decoding: output.bytes, as: UTF8.self)
        }
    }

    /// The bytes libyaml writes, collected.
    private final class Output {
        var bytes: [UInt8] = []
    }

    private static func write(_ value: JSONValue, indent: Int, block: Bool, into emitter: inout yaml_emitter_t) throws(YAMLError) {
        let flow = !block && fitsOnOneLine(value, indent: indent)
        switch value.content {
        case .object(let members):
            try emit(&emitter) {
                yaml_mapping_start_event_initialize($0, nil, nil, 1, flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE)
            }
            for member in members {
                try scalar(member.key, quoted: readsAsAnotherValue(member.key), into: &emitter)
                try write(member.value, indent: indent + 2, block: false, into: &emitter)
            }
            try emit(&emitter) { yaml_mapping_end_event_initialize($0) }
        case .array(let elements):
            try emit(&emitter) {
                yaml_sequence_start_event_initialize($0, nil, nil, 1, flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE)
            }
            for element in elements { try write(element, indent: indent + 2, block: false, into: &emitter) }
            try emit(&emitter) { yaml_sequence_end_event_initialize($0) }
        case .string(let text): try scalar(text, quoted: readsAsAnotherValue(text), into: &emitter)
        case .number(let number): try scalar(JSONText.number(number), quoted: false, into: &emitter)
        case .bool(let flag): try scalar(flag ? "true" : "false", quoted: false, into: &emitter)
        case .null: try scalar("null", quoted: false, into: &emitter)
        }
    }

    /// Whether `value` is a collection of scalars short enough for one line at `indent`.
    private static func fitsOnOneLine(_ value: JSONValue, indent: Int) -> Bool {
        let items: [(key: String?, value: JSONValue)]
        switch value.content {
        case .object(let members): items = members.map { ($0.key, $0.value) }
        case .array(let elements): items = elements.map { (nil, $0) }
        default: return true
        }
        var length = indent + 4
        for item in items {
            switch item.value.content {
            case .object, .array: return false
            case .string(let text): length += text.count + 4
            case .number(let number): length += JSONText.number(number).count + 2
            case .bool, .null: length += 7
            }
            length += item.key.map { $0.count + 2 } ?? 0
        }
        return length <= width
    }

    /// Whether a plain `text` would be read as something else than that text: a number, a flag, null
    /// (in YAML 1.1 or 1.2), or nothing.
    private static func readsAsAnotherValue(_ text: String) -> Bool {
        let words: Set<String> = ["", "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n"]
        return words.contains(text.lowercased()) || Double(text) != nil
            || text.first.map { "0123456789+-.".contains($0) } == true && text.contains(":")
    }

    private static func scalar(_ text: String, quoted: Bool, into emitter: inout yaml_emitter_t) throws(YAMLError) {
        // libyaml takes a pointer to the value even for an empty one: the bytes end in a NUL.
        var bytes = Array(text.utf8) + [0]
        let count = Int32(bytes.count - 1)
        let style = quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE
        try emit(&emitter) { event in
            bytes.withUnsafeMutableBufferPointer { yaml_scalar_event_initialize(event, nil, nil, $0.baseAddress, count, 1, 1, style) }
        }
    }

    /// Makes one event and hands it to the emitter, which owns it from then on.
    private static func emit(_ emitter: inout yaml_emitter_t, _ make: (UnsafeMutablePointer<yaml_event_t>) -> Int32) throws(YAMLError) {
        var event = yaml_event_t()
        guard make(&event) != 0 else { throw failure("the YAML writer ran out of memory") }
        guard yaml_emitter_emit(&emitter, &event) != 0 else { throw failure(problem(of: emitter)) }
    }

    private static func problem(of emitter: yaml_emitter_t) -> String {
        "the YAML could not be written: " + (emitter.problem.map { String(cString: $0) } ?? "libyaml gave no reason")
    }

    private static func failure(_ message: String) -> YAMLError {
        YAMLError(position: SourcePosition(line: 1, column: 1), message: message)
    }
}
