/// A history database that cannot be opened, read or written, said in one line for the user.
public struct HistoryError: Error, Sendable, CustomStringConvertible {
    public let path: String
    /// SQLite's reason (`database is locked`, `file is not a database`) or the store's own.
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot use the history \(path): \(reason)" }
}
