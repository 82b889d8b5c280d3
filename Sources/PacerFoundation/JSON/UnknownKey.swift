/// What the workout decoder and the config check say of a key an object may not have: the
/// closest allowed key when one is close, else the keys allowed.
public struct UnknownKey: Sendable {
    public let key: String
    /// The allowed key the user most likely meant.
    public let suggestion: String?
    public let message: String

    public init(_ key: String, allowed: [String]) {
        self.key = key
        suggestion = Suggestion.closest(to: key, among: allowed)
        message =
            suggestion.map { "unknown key \"\(key)\" (did you mean \"\($0)\"?)" }
            ?? "unknown key \"\(key)\"; expected one of \(allowed.joined(separator: ", "))"
    }
}
