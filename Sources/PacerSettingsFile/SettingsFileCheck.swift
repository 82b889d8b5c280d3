import PacerFoundation
import PacerWorkout

/// The strict reading every file of settings in the config folder gets (config.json, plan.json):
/// its JSON parsed with exact positions, every problem collected with its line and column, and an
/// unknown key told apart from the one it was probably meant to be.
public struct SettingsFileCheck {
    public let bytes: [UInt8]
    public private(set) var problems: [Diagnostic] = []

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The file's JSON; a syntax error ends the check at once.
    public func root() throws(ConfigErrors) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw ConfigErrors([Diagnostic(.source(error.position), error.message)])
        }
    }

    /// Notes a problem at the place `value` starts.
    public mutating func report(_ value: JSONValue, _ message: String) {
        problems.append(Diagnostic(.source(SourcePosition(of: value.offset, in: bytes)), message))
    }

    /// The members of an object, or nil when `value` is none (noted as `what` must be an object like `example`).
    public mutating func members(of value: JSONValue, _ what: String, example: String) -> [JSONValue.Member]? {
        guard case .object(let members) = value.content else {
            report(value, "\(what) is a JSON object like \(example), not \(value.typeName)")
            return nil
        }
        return members
    }

    /// Notes a key that is none of `keys`, as the workout decoder says it (`UnknownKey`): with the
    /// one it was probably meant to be, else the keys there are (those starting with `$` left out).
    public mutating func unknownKey(_ member: JSONValue.Member, keys: [String]) {
        report(member.value, UnknownKey(member.key, allowed: keys.filter { !$0.hasPrefix("$") }).message)
    }

    /// Throws every problem noted, if there is any.
    public func finish() throws(ConfigErrors) {
        guard problems.isEmpty else { throw ConfigErrors(problems) }
    }
}
