import PacerSystem

/// Where the history file lives.
public enum HistoryLocation {
    /// `$PACER_HISTORY` if set, else `$XDG_DATA_HOME/pacer/history.sqlite3`, by default
    /// `~/.local/share/pacer/history.sqlite3`. Empty variables, and a relative XDG_DATA_HOME, count as unset.
    public static func path(environment: [String: String]) -> String {
        let environment = Environment(environment)
        return environment["PACER_HISTORY"] ?? environment.dataFolder + "/history.sqlite3"
    }
}
