#if canImport(Glibc)
import Glibc
#endif

/// The process environment and the XDG folders derived from it.
public struct Environment: Sendable {
    public var variables: [String: String]

    public init(_ variables: [String: String]) {
        self.variables = variables
    }

    /// The environment of this process.
    public static var current: Environment {
        var variables: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let separator = text.firstIndex(of: "=") {
                variables[String(text[..<separator])] = String(text[text.index(after: separator)...])
            }
            pointer += 1
        }
        return Environment(variables)
    }

    public subscript(name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    var home: String { self["HOME"] ?? "/" }

    /// `$XDG_CONFIG_HOME/pacer`, by default `~/.config/pacer`.
    public var configFolder: String { (self["XDG_CONFIG_HOME"] ?? home + "/.config") + "/pacer" }
    /// `$XDG_STATE_HOME/pacer`, by default `~/.local/state/pacer`.
    public var stateFolder: String { (self["XDG_STATE_HOME"] ?? home + "/.local/state") + "/pacer" }
}
