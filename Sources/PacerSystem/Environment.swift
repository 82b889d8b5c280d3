import Glibc

/// The process environment and the XDG folders derived from it.
public struct Environment: Sendable {
    public var variables: [String: String]
    /// `./workouts`, the current folder's workouts on the search path. Not a variable: a caller that
    /// runs pacer in-process (a test) points it at a folder of its own, as it cannot change folder.
    public var localWorkouts = "workouts"

    public init(_ variables: [String: String]) {
        self.variables = variables
    }

    /// The environment of this process. Each entry is split at its first `=` byte, not read
    /// character by character: every command starts by reading it.
    public static var current: Environment {
        var variables: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self), count: strlen(entry))
            if let separator = bytes.firstIndex(of: UInt8(ascii: "=")) {
                variables[String(decoding: bytes[..<separator], as: UTF8.self)] = String(decoding: bytes[(separator + 1)...], as: UTF8.self)
            }
            pointer += 1
        }
        return Environment(variables)
    }

    public subscript(name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `$HOME`, or `/` when it is not set.
    public var home: String { self["HOME"] ?? "/" }

    /// `$XDG_CONFIG_HOME`, by default `~/.config`: every program's config, systemd's user units too.
    public var configHome: String { xdg("XDG_CONFIG_HOME") ?? home + "/.config" }
    /// `$XDG_CONFIG_HOME/pacer`, by default `~/.config/pacer`.
    public var configFolder: String { configHome + "/pacer" }
    /// `$XDG_STATE_HOME/pacer`, by default `~/.local/state/pacer`.
    public var stateFolder: String { (xdg("XDG_STATE_HOME") ?? home + "/.local/state") + "/pacer" }
    /// `$XDG_DATA_HOME/pacer`, by default `~/.local/share/pacer`.
    public var dataFolder: String { (xdg("XDG_DATA_HOME") ?? home + "/.local/share") + "/pacer" }
    /// `$XDG_RUNTIME_DIR/pacer`, or `/tmp/pacer-UID` where there is no runtime folder.
    public var runtimeFolder: String { xdg("XDG_RUNTIME_DIR").map { $0 + "/pacer" } ?? "/tmp/pacer-\(getuid())" }

    /// An XDG base directory variable, if set to an absolute path: the XDG spec says a relative
    /// one is invalid and to be ignored.
    private func xdg(_ name: String) -> String? {
        self[name].flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    /// The home folder written as `~` at the start of `path`, as people read paths.
    public func abbreviatingHome(_ path: String) -> String {
        guard let home = self["HOME"], home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
