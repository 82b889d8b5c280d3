import Dispatch
import Glibc
import PacerCommandLine
import PacerCore
import PacerRuntime
import PacerSystem
import TerminalRendering

/// `pacer show --watch FILE`: the timeline, or the file's errors, redrawn in place each time the
/// file is saved, until Ctrl-C; the terminal is left as it was.
struct TimelineWatch {
    let path: String
    let library: WorkoutLibrary
    let color: ColorChoice
    let environment: Environment

    func run() -> Int32 {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        SignalWatcher.blockWatchedSignals()
        let watch: FolderWatch
        do throws(FileError) {
            watch = try FolderWatch(folder)
        } catch {
            Output.problem("pacer: \(error.description)")
            return ExitStatus.failure
        }
        let live = Output.standard.isTerminal && environment["TERM"] != "dumb"
        TerminalModes.setTakesEscapes(live)
        TerminalModes.save()
        if live { TerminalModes.enterAlternateScreen() }
        let queue = DispatchQueue(label: "pacer.watch")
        let ended = DispatchSemaphore(value: 0)
        queue.sync { draw(live: live) }
        SignalWatcher.start { number in
            switch number {
            case SIGWINCH: queue.async { draw(live: live) }
            case SIGTSTP:
                queue.sync { TerminalModes.restore() }
                SignalWatcher.stopProcess()
            case SIGCONT:
                queue.async {
                    if live { TerminalModes.enterAlternateScreen() }
                    draw(live: live)
                }
            default: ended.signal()
            }
        }
        BackgroundThread.start {
            while true {
                guard watch.next().contains(file) else { continue }
                // An editor's save is several events: let them settle, then draw once.
                usleep(50_000)
                queue.async { draw(live: live) }
            }
        }
        ended.wait()
        queue.sync {
            Output.flush()
            TerminalModes.restore()
        }
        return ExitStatus.success
    }

    /// The screen: a heading, then the timeline or the file's errors.
    private func draw(live: Bool) {
        if live { Output.data(ANSI.moveTo(row: 1, column: 1) + ANSI.clearScreen) }
        Output.line("Watching \(TerminalText(path)) (Ctrl-C to stop), drawn at \(WallTime.now().clock(seconds: true))")
        Output.line(.empty)
        do throws(WorkoutLoadError) {
            let loaded = try WorkoutLoader.load(path, library: library)
            let colored = color.enabled(isTerminal: live, noColor: environment["NO_COLOR"] != nil)
            let columns = Int(environment["COLUMNS"] ?? "") ?? TerminalScreen(live: false).size.columns
            (loaded.warnings.map { TerminalText($0) } + Timeline(loaded: loaded, colored: colored, columns: columns).lines).forEach(Output.line)
        } catch {
            error.lines.forEach { Output.line(TerminalText($0)) }
        }
        Output.flush()
    }
}
