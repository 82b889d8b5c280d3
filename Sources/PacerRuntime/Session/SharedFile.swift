import PacerSystem

/// Two of a session's files that are one file: outputs that would overwrite each other (the log
/// appended into the history's database), or an output written over the workout it runs.
public struct SharedFile: Sendable, Equatable {
    /// What the first file is for, as the user named it: "the log", "the history".
    public let first: String
    public let second: String
    /// The path the user gave for the second.
    public let path: String

    /// The first pair among `files` (each with what it is for) that are the same file, by device
    /// and inode when it exists, else by its resolved path (through a link that leads nowhere yet);
    /// nil when all are distinct.
    public static func find(among files: [(role: String, path: String)]) -> SharedFile? {
        let keys = files.map { file in
            // A link to a file not made yet leads to where the file will be made.
            FileSystem.identity(file.path).map(Key.file)
                ?? FileSystem.resolvedPath((try? FileSystem.linkTarget(file.path)) ?? file.path).map(Key.path)
        }
        for later in files.indices {
            guard let key = keys[later] else { continue }
            if let earlier = keys[..<later].firstIndex(of: key), files[earlier].role != files[later].role {
                return SharedFile(first: files[earlier].role, second: files[later].role, path: files[later].path)
            }
        }
        return nil
    }

    /// What makes two paths one file: the same file on disk, or, for one not made yet, the same path
    /// once links and `..` are resolved.
    private enum Key: Equatable {
        case file(FileIdentity)
        case path(String)
    }

    /// The message for the user.
    public var message: String {
        "pacer: \(first) and \(second) would be one file, \(path); give each its own file"
    }
}
