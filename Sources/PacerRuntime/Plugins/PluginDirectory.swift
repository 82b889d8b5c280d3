import Glibc
import PacerSystem
import SinkKit

/// Where external plugins are found, git-style: an executable `pacer-sink-NAME` in the user's
/// plugin folder, then on `PATH`, then among the plugins that ship with pacer.
public struct PluginDirectory: Sendable {
    /// The prefix of every plugin's file name.
    public static let prefix = "pacer-sink-"

    /// A folder searched for plugins, and how to name it to the user.
    public struct Folder: Sendable {
        public let path: String
        public let label: String
    }

    /// A `pacer-sink-NAME` file found in a folder.
    public struct Plugin: Sendable {
        public let name: String
        public let path: String
        /// The folder it was found in, as the user knows it.
        public let origin: String
        public let isExecutable: Bool
        /// Whether `--sink NAME` can name it: a name of letters, digits, '-', '_' and '.' only.
        public let isNameable: Bool
        /// The path of the plugin of the same name found earlier, which wins over this one.
        public let shadowedBy: String?
    }

    public let folders: [Folder]

    public init(environment: Environment, shippedRoots: [String] = PluginDirectory.shippedRoots()) {
        var folders = [
            Folder(path: environment.configFolder + "/plugins", label: environment.abbreviatingHome(environment.configFolder + "/plugins"))
        ]
        // Split by bytes: ":" is ASCII, and no character of a path combines with it.
        for entry in (environment["PATH"] ?? "").utf8.split(separator: UInt8(ascii: ":")) where !entry.isEmpty {
            folders.append(Folder(path: String(decoding: entry, as: UTF8.self), label: "PATH"))
        }
        for root in shippedRoots {
            for name in FileSystem.contents(of: root) {
                folders.append(Folder(path: root + "/" + name, label: "shipped with pacer"))
            }
        }
        self.folders = folders
    }

    /// The plugin `name` runs: the first executable one found.
    public func find(_ name: String) -> Plugin? {
        all().first { $0.name == name && $0.isExecutable && $0.isNameable && $0.shadowedBy == nil }
    }

    /// Every plugin file in every folder, in search order; a name found again is marked as shadowed
    /// by the executable one found first, and a file that cannot be run is marked as such.
    public func all() -> [Plugin] {
        var plugins: [Plugin] = []
        var winners: [String: String] = [:]
        var seenFolders: Set<String> = []
        for folder in folders where seenFolders.insert(folder.path).inserted {
            for file in FileSystem.contents(of: folder.path) where file.hasPrefix(Self.prefix) && file.count > Self.prefix.count {
                let path = folder.path + "/" + file
                guard let executable = Self.isExecutableFile(path) else { continue }
                let name = String(file.dropFirst(Self.prefix.count))
                let nameable = SinkSpec.isName(name)
                let shadowedBy = winners[name]
                if shadowedBy == nil, executable, nameable { winners[name] = path }
                plugins.append(
                    Plugin(
                        name: name, path: path, origin: folder.label, isExecutable: executable, isNameable: nameable,
                        shadowedBy: shadowedBy))
            }
        }
        return plugins
    }

    /// Whether `path` is a file this user may run; nil when it is not a file at all.
    public static func isExecutableFile(_ path: String) -> Bool? {
        var status = stat()
        guard stat(path, &status) == 0, FileSystem.irregularKind(status.st_mode) == nil else { return nil }
        return access(path, X_OK) == 0
    }

    /// The folder that holds the shipped plugins, one subfolder each, found from where the running
    /// binary is (never from where it was built): `PREFIX/libexec/pacer/plugins` beside an installed
    /// `PREFIX/bin/pacer`, or the package's `Plugins/` for a binary in a checkout's `.build` folder.
    public static func shippedRoots(executable: String? = FileSystem.executablePath()) -> [String] {
        guard let executable, let bin = executable.lastIndex(of: "/") else { return [] }
        let prefix = executable[..<bin].lastIndex(of: "/").map { String(executable[..<$0]) } ?? ""
        var roots = [prefix + "/libexec/pacer/plugins"]
        if let build = executable.firstRange(of: "/.build/") {
            let package = String(executable[..<build.lowerBound])
            if FileSystem.exists(package + "/Package.swift") { roots.append(package + "/Plugins") }
        }
        return roots.filter(FileSystem.exists)
    }
}
