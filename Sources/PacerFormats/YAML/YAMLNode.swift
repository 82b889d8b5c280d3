import PacerFoundation

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
    /// A scalar written without quotes (`30`, `true`), which YAML may take for a number or a flag.
    var isPlain = false

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

/// The root of a YAML document, and the keys written twice in a mapping (the last value kept).
struct YAMLParsed {
    let root: YAMLNode
    let duplicates: [YAMLDuplicateKey]
}

/// A key written a second time in one mapping: where, and where it was before.
struct YAMLDuplicateKey {
    let key: String
    let position: SourcePosition
    let first: SourcePosition
}
