import History
import HistoryReports
import PacerCommandLine

/// What `pacer history` does once its command line is read: the sessions listed or exported, or
/// one shown in full.
public enum HistoryActions {
    /// How the sessions are printed.
    public enum Format: Sendable {
        case text, json, csv
    }

    /// The sessions `filter` keeps: the latest `defaultLimit` as text unless a limit or a day is
    /// given, or every one with its phases as JSON or CSV.
    public static func list(_ filter: SessionFilter, as format: Format, defaultLimit: Int, _ access: HistoryAccess) -> Int32 {
        let exporting = format != .text
        var filter = filter
        if !exporting && filter.limit == nil && filter.since == nil { filter.limit = defaultLimit }
        let sessions: [SessionRecord]
        let leftOut: Bool
        do throws(HistoryError) {
            let store = try access.open()
            sessions = try store?.sessions(filter, withPhases: exporting) ?? []
            HistoryAccess.reportUnreadable(store)
            leftOut = store?.unreadableRows.isEmpty == false
        } catch {
            return HistoryAccess.failure(error)
        }
        if format == .json {
            HistoryExport.json(sessions, to: &Output.stream)
        } else if format == .csv {
            HistoryExport.csv(sessions, visible: Output.isTerminal, to: &Output.stream)
        } else if sessions.isEmpty {
            let unfiltered = filter.workout == nil && filter.since == nil && filter.exercise == nil
            Output.line(leftOut ? "No session that can be read matches." : unfiltered ? HistoryAccess.empty : "No sessions match.")
        } else {
            HistoryListing(sessions: sessions, today: access.today, style: access.style).lines.forEach(Output.line)
        }
        return ExitStatus.success
    }

    /// One session in full: its phases, their exercises, what was logged and what each aimed at.
    public static func show(_ id: Int64, _ access: HistoryAccess) -> Int32 {
        do throws(HistoryError) {
            let store = try access.open()
            let session = try store?.session(id: id)
            HistoryAccess.reportUnreadable(store)
            guard let session else {
                if store?.unreadableRows.contains(where: { $0.row == "session #\(id)" }) != true {
                    Output.problem("pacer: there is no session #\(id) in the history \(access.path)")
                }
                return ExitStatus.failure
            }
            SessionDetail(session: session, style: access.style).lines.forEach(Output.line)
            return ExitStatus.success
        } catch {
            return HistoryAccess.failure(error)
        }
    }
}
