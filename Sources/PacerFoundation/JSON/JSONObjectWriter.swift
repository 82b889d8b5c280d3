/// Builds one JSON object, field by field, in the order given.
public struct JSONObjectWriter: Sendable {
    private var fields: [String] = []

    public init() {}

    /// Adds a field whose value is already JSON text.
    public mutating func add(_ key: String, raw value: String) {
        fields.append(JSONText.quoted(key) + ":" + value)
    }

    /// Adds a string field.
    public mutating func add(_ key: String, quoted value: String) {
        add(key, raw: JSONText.quoted(value))
    }

    /// Adds a duration field in seconds, as short as it is exact.
    public mutating func add(_ key: String, _ duration: WorkoutDuration) {
        add(key, raw: Decimal3(duration.milliseconds).text)
    }

    /// Adds a duration field in seconds, or `null` when there is none.
    public mutating func add(_ key: String, orNull duration: WorkoutDuration?) {
        if let duration { add(key, duration) } else { add(key, raw: "null") }
    }

    /// The object's text.
    public var text: String { "{" + fields.joined(separator: ",") + "}" }
}
