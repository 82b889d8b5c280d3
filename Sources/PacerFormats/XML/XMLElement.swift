import PacerFoundation

/// An element of an XML document: its name, attributes, text and children, and where it starts.
struct XMLElement {
    let name: String
    /// The attributes in the order written, names as written.
    let attributes: [(name: String, value: String)]
    var children: [XMLElement] = []
    /// The text directly inside the element, entities already replaced.
    var text = ""
    let position: SourcePosition

    /// The value of an attribute, its name matched in any case (`Duration`, `duration`).
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name.lowercased() == name }?.value
    }

    /// The element's name in lower case, which is how the readers match it.
    var key: String { name.lowercased() }
}

/// Why an XML document was refused, and where.
struct XMLError: Error {
    let position: SourcePosition
    let message: String
}
