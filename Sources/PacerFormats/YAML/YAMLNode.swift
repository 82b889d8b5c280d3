import PacerCore

/// A YAML node as the file writes it, aliases already stood in for the nodes they name: a scalar
/// (with its tag, such as `!include`), a sequence or a mapping (its pairs in order, keys as text).
struct YAMLNode {
    enum Value {
        case scalar(String)
        case sequence([YAMLNode])
        case mapping([(key: String, value: YAMLNode)])
    }

    let value: Value
    let tag: String?
    let position: SourcePosition
    /// How many nodes this one stands for, itself and everything under it.
    let size: Int

    /// The scalar's text; nil for a sequence or mapping.
    var text: String? {
        if case .scalar(let text) = value { text } else { nil }
    }

    /// The value of `key` in a mapping; nil when absent or not a mapping.
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = value else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The keys of a mapping, in order; empty for anything else.
    var keys: [String] {
        if case .mapping(let pairs) = value { pairs.map(\.key) } else { [] }
    }
}

/// Why a YAML file cannot be read, at its place.
struct YAMLError: Error {
    let position: SourcePosition
    let message: String
}
