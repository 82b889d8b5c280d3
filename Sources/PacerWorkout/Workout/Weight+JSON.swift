import PacerFoundation

extension Weight {
    /// The weight as a JSON value: a number, or a string as written.
    public var json: String {
        switch self {
        case .number(let value): JSONText.number(value)
        case .text(let text): JSONText.quoted(text)
        }
    }
}
