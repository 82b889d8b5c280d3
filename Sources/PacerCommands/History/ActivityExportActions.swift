import History
import PacerCommandLine
import PacerFormats
import PacerFoundation
import PacerSystem

/// What `pacer history export` does: one session, or every one since a day, written as an
/// activity for the logbooks.
public enum ActivityExportActions {
    /// Which session to write: by its number, or the newest.
    public enum Choice: Sendable, Equatable {
        case id(Int64)
        case last

        /// `12` or `last`, as `pacer history` lists them; nil for anything else.
        public init?(_ text: String) {
            if text == "last" {
                self = .last
            } else if let id = Int64(text), id > 0 {
                self = .id(id)
            } else {
                return nil
            }
        }
    }

    /// Writes the chosen session to `path`, whole or not at all, or to standard output.
    public static func one(_ choice: Choice, as format: ActivityFormat, to path: String?, _ access: HistoryAccess) -> Int32 {
        let session: SessionRecord?
        var samples: [SampleRecord] = []
        do throws(HistoryError) {
            let store = try access.open()
            switch choice {
            case .id(let id): session = try store?.session(id: id)
            case .last: session = try store?.sessions(SessionFilter(limit: 1), withPhases: true).first
            }
            if let store, let session, !session.isRunning { samples = try store.samples(ofSession: session.id) }
            HistoryAccess.reportUnreadable(store)
        } catch {
            return HistoryAccess.failure(error)
        }
        guard let session else {
            switch choice {
            case .id(let id): Output.problem("pacer: there is no session #\(id) in the history \(access.path)")
            case .last: Output.problem(HistoryAccess.empty)
            }
            return ExitStatus.failure
        }
        guard !session.isRunning else {
            Output.problem("pacer: session #\(session.id) is still running: export it when it has ended")
            return ExitStatus.failure
        }
        let bytes = ActivityExport.write(Activity(session, samples: samples), as: format)
        guard let path else {
            Output.source(bytes)
            return ExitStatus.success
        }
        return write(bytes, to: path) ? ExitStatus.success : ExitStatus.failure
    }

    /// Writes every ended session `filter` keeps (oldest first) into `folder` (made if missing) as
    /// `DAY-ID.EXT`, one at a time, and prints each file's path.
    public static func many(_ filter: SessionFilter, as format: ActivityFormat, into folder: String, _ access: HistoryAccess) -> Int32 {
        do throws(FileError) {
            try FileSystem.createDirectories(folder)
        } catch {
            Output.problem(TerminalText("pacer: \(error.description)"))
            return ExitStatus.failure
        }
        var failed = false
        do throws(HistoryError) {
            guard let store = try access.open() else {
                Output.problem(HistoryAccess.empty)
                return ExitStatus.failure
            }
            // The list without phases, then one session at a time: a thousand sessions of samples
            // are never in memory together.
            let listed = try store.sessions(filter).reversed()
            if listed.isEmpty { Output.problem("pacer: no sessions match") }
            for overview in listed {
                guard !overview.isRunning else {
                    Output.problem("pacer: left out session #\(overview.id): it is still running")
                    continue
                }
                guard let session = try store.session(id: overview.id) else { continue }
                let path = folder + (folder.hasSuffix("/") ? "" : "/") + "\(session.started.localDay)-\(session.id).\(format.fileExtension)"
                let activity = Activity(session, samples: try store.samples(ofSession: session.id))
                if write(ActivityExport.write(activity, as: format), to: path) {
                    Output.line(TerminalText(path))
                } else {
                    failed = true
                }
            }
            HistoryAccess.reportUnreadable(store)
        } catch {
            return HistoryAccess.failure(error)
        }
        return failed ? ExitStatus.failure : ExitStatus.success
    }

    private static func write(_ bytes: [UInt8], to path: String) -> Bool {
        do throws(FileError) {
            try ReplacementFile.write(bytes, to: path)
            return true
        } catch {
            Output.problem(TerminalText("pacer: \(error.description)"))
            return false
        }
    }
}
