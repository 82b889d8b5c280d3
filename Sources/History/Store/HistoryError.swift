import PacerSystem

/// A history database that cannot be opened, read or written: a case to switch on, said in one
/// line for the user.
public enum HistoryError: Error, Sendable, CustomStringConvertible {
    /// Another connection held the lock past the busy timeout, or until pacer gave up: worth
    /// trying again later. `reason` says what was lost, or is SQLite's.
    case locked(path: String, reason: String)
    /// SQLite's reason (`file is not a database`) or the store's own.
    case unusable(path: String, reason: String)
    /// The folder the history goes in cannot be made.
    case folderNotMade(path: String, FileError)

    /// SQLite's `error` with the history at `path`: locked when the database was busy.
    init(path: String, _ error: SQLiteError) {
        self = error.isBusy ? .locked(path: path, reason: error.message) : .unusable(path: path, reason: error.message)
    }

    /// The history's file.
    public var path: String {
        switch self {
        case .locked(let path, _), .unusable(let path, _), .folderNotMade(let path, _): path
        }
    }

    /// Why, after the history's name.
    public var reason: String {
        switch self {
        case .locked(_, let reason), .unusable(_, let reason): reason
        case .folderNotMade(_, let error): error.description
        }
    }

    public var description: String { "cannot use the history \(path): \(reason)" }
}
