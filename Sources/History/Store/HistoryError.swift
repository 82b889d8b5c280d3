/// A history database that cannot be opened, read or written, said in one line for the user.
public struct HistoryError: Error, Sendable, CustomStringConvertible {
    public let path: String
    /// SQLite's reason (`database is locked`, `file is not a database`) or the store's own.
    public let reason: String
    /// Whether another connection held the lock past the busy timeout: worth trying again later.
    public let isLocked: Bool

    public init(path: String, reason: String, isLocked: Bool = false) {
        self.path = path
        self.reason = reason
        self.isLocked = isLocked
    }

    public var description: String { "cannot use the history \(path): \(reason)" }
}
