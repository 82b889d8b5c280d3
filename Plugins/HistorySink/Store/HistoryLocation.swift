/// Where the history file lives.
public enum HistoryLocation {
    /// `$PACER_HISTORY` if set, else `$XDG_DATA_HOME/pacer/history.sqlite3`, by default
    /// `~/.local/share/pacer/history.sqlite3`. Empty variables count as unset.
    public static func path(environment: [String: String]) -> String {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let path = value("PACER_HISTORY") { return path }
        let dataHome = value("XDG_DATA_HOME") ?? (value("HOME") ?? "/") + "/.local/share"
        return dataHome + "/pacer/history.sqlite3"
    }
}
