import PacerFoundation

/// A sink as `--sink` and the config file name it: `NAME`, `NAME:KEY=VALUE,KEY=VALUE`, or
/// `exec:PATH` (options after a further colon: `exec:./plugin:port=8080`; a colon that is part of
/// the path is written twice: `exec:/opt/a::b/plugin` runs `/opt/a:b/plugin`).
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

    private init(name: String, path: String?, options: [(key: String, value: String)]) {
        self.name = name
        self.path = path
        self.options = options
    }

    /// The same plugin at another path, with the same options.
    public func withPath(_ path: String) -> SinkSpec {
        SinkSpec(name: name, path: path, options: options)
    }

    /// Reads a spec, or says what is wrong with it.
    public init(parsing text: String) throws(SinkSetupError) {
        var rest = Substring(text)
        let name = rest.prefix { $0 != ":" }
        rest = rest.dropFirst(name.count)
        guard !name.isEmpty else { throw .namesNoSink(text) }
        guard Self.isName(name) else {
            throw .notAName(String(name))
        }
        self.name = String(name)
        if name == "exec" {
            rest = rest.dropFirst()
            var path = ""
            while let next = rest.first, next != ":" || rest.dropFirst().first == ":" {
                path.append(next)
                rest = rest.dropFirst(next == ":" ? 2 : 1)
            }
            guard !path.isEmpty else { throw .execWithoutPath }
            self.path = path
        } else {
            path = nil
        }
        var options: [(key: String, value: String)] = []
        if rest.first == ":" {
            for item in rest.dropFirst().split(separator: ",", omittingEmptySubsequences: false) {
                guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                    let form = name == "exec" ? "exec:PATH:KEY=VALUE; a ':' in the path is written '::'" : "\(name):KEY=VALUE"
                    throw .optionNotKeyValue(item: String(item), form: form)
                }
                let key = String(item[..<equals])
                guard !options.contains(where: { $0.key == key }) else {
                    throw .optionTwice(key: key)
                }
                options.append((key, String(item[item.index(after: equals)...])))
            }
        }
        self.options = options
    }

    /// What a sink's name may hold, in words.
    public static let nameRule = "letters, digits, '-', '_' and '.'"

    /// Whether `text` can name a sink in a spec: a built-in sink's, or a plugin's `pacer-sink-NAME`.
    public static func isName(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
    }

    /// The name the user knows the sink by: its name, or for `exec:PATH` the file's name.
    public var displayName: String {
        guard let path else { return name }
        return String(path.split(separator: "/").last ?? Substring(path))
    }

    public var description: String {
        var text = path.map { "exec:" + $0.replacing(":", with: "::") } ?? name
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
            guard known.contains(where: { $0.key == key }) else { throw .unknownOption(sink: name, key: key, known: known.map(\.key)) }
            checked[key] = value
        }
        return checked
    }
}
