/// A sink as `--sink` and the config file name it: `NAME`, `NAME:KEY=VALUE,KEY=VALUE`, or
/// `exec:PATH` (options after a further colon: `exec:./plugin:port=8080`).
public struct SinkSpec: Sendable, Equatable, CustomStringConvertible {
    /// The sink's name, or `exec` for a plugin given by path.
    public let name: String
    /// For `exec:PATH`, the path.
    public let path: String?
    /// The options in the order given.
    public let options: [(key: String, value: String)]

    /// A sink named without options.
    public init(name: String) {
        self.name = name
        path = nil
        options = []
    }

    /// Reads a spec, or says what is wrong with it.
    public init(parsing text: String) throws(SinkSetupError) {
        var rest = Substring(text)
        let name = rest.prefix { $0 != ":" }
        rest = rest.dropFirst(name.count)
        guard !name.isEmpty else { throw SinkSetupError("'\(text)' names no sink") }
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }) else {
            throw SinkSetupError("'\(name)' is not a sink name (letters, digits, '-', '_' and '.')")
        }
        self.name = String(name)
        if name == "exec" {
            rest = rest.dropFirst()
            let path = rest.prefix { $0 != ":" }
            guard !path.isEmpty else { throw SinkSetupError("exec needs a path: --sink exec:./my-plugin") }
            self.path = String(path)
            rest = rest.dropFirst(path.count)
        } else {
            path = nil
        }
        var options: [(key: String, value: String)] = []
        if rest.first == ":" {
            for item in rest.dropFirst().split(separator: ",", omittingEmptySubsequences: false) {
                guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                    throw SinkSetupError("sink option '\(item)' is not KEY=VALUE (as in --sink \(name):KEY=VALUE)")
                }
                let key = String(item[..<equals])
                guard !options.contains(where: { $0.key == key }) else {
                    throw SinkSetupError("sink option '\(key)' is given twice")
                }
                options.append((key, String(item[item.index(after: equals)...])))
            }
        }
        self.options = options
    }

    /// The name the user knows the sink by: its name, or for `exec:PATH` the file's name.
    public var displayName: String {
        guard let path else { return name }
        return String(path.split(separator: "/").last ?? Substring(path))
    }

    public var description: String {
        var text = path.map { "exec:\($0)" } ?? name
        if !options.isEmpty { text += ":" + options.map { "\($0.key)=\($0.value)" }.joined(separator: ",") }
        return text
    }

    public static func == (lhs: SinkSpec, rhs: SinkSpec) -> Bool {
        lhs.description == rhs.description
    }

    /// Checks the options against the keys a sink takes, with a suggestion for a misspelt one.
    public func checkedOptions(against known: [SinkOption]) throws(SinkSetupError) -> [String: String] {
        var checked: [String: String] = [:]
        for (key, value) in options {
            guard known.contains(where: { $0.key == key }) else {
                let keys = known.map(\.key)
                var message = "the \(name) sink has no option '\(key)'"
                if let suggestion = Suggestion.closest(to: key, among: keys) {
                    message += " (did you mean '\(suggestion)'?)"
                } else {
                    message += keys.isEmpty ? "; it takes none" : "; it takes \(keys.joined(separator: ", "))"
                }
                throw SinkSetupError(message)
            }
            checked[key] = value
        }
        return checked
    }
}
