import Dispatch
import Glibc
import PacerCommandLine
import PacerFoundation
import PacerRuntime
import PacerSystem
import PacerUserFiles
import PacerWorkout
import Synchronization
import TerminalRendering

/// `pacer show --watch FILE`: the timeline, or the file's errors, redrawn in place each time the
/// file is saved, until Ctrl-C; the terminal is left as it was.
public struct TimelineWatch: Sendable {
    let path: String
    let library: WorkoutLibrary
    let color: ColorChoice
    let thresholds: TargetThresholds
    let environment: Environment
    /// Set once the note that the file's FTP stands in has been printed: in a pipe, each drawing
    /// follows the one before, and the note is said once.
    private let ftpNoted = OnceFlag()

    /// Watches the workout file at `path`, found through `library`, coloured as `color` says, its
    /// targets shown with `thresholds`.
    public init(path: String, library: WorkoutLibrary, color: ColorChoice, thresholds: TargetThresholds = .none, environment: Environment) {
        self.path = path
        self.library = library
        self.color = color
        self.thresholds = thresholds
        self.environment = environment
    }

    /// Watches until Ctrl-C; the watched signals must be blocked already (`watchesSignals`).
    public func run() -> Int32 {
        let watch: FolderWatch
        do throws(FileError) {
            watch = try FolderWatch()
            try watch.add(Self.place(of: path).folder)
        } catch {
            Output.problem("pacer: \(error.description)")
            return ExitStatus.failure
        }
        let live = Output.isTerminal && environment["TERM"] != "dumb"
        TerminalModes.setTakesEscapes(live)
        TerminalModes.save()
        if live { TerminalModes.enterAlternateScreen() }
        let screen = WatchScreen(live: live) { [self] in lines(live: live) }
        let ended = DispatchSemaphore(value: 0)
        Self.places(of: path).forEach { try? watch.add($0.folder) }
        screen.redraw()
        SignalWatcher.start { number in
            switch number {
            case SIGWINCH: screen.redraw()
            case SIGTSTP:
                screen.stop()
                SignalWatcher.stopProcess()
            case SIGCONT: screen.resume()
            default: ended.signal()
            }
        }
        BackgroundThread.start { [path] in
            while true {
                let places = Self.places(of: path)
                var changed = false
                // A folder not there (deleted, or not made yet) is looked for again twice a second.
                for place in places where !watch.isWatching(place.folder) {
                    changed = (try? watch.add(place.folder)) != nil || changed
                }
                let missing = places.contains { !watch.isWatching($0.folder) }
                let changes = watch.next(timeout: changed ? 0 : missing ? 500 : -1)
                guard
                    changed
                        || changes.contains(where: { change in
                            places.contains { $0.folder == change.folder && (change.name.isEmpty || change.name == $0.name) }
                        })
                else { continue }
                // An editor's save is several events: let them settle, then draw once for them all.
                usleep(50_000)
                _ = watch.next(timeout: 0)
                screen.redraw()
            }
        }
        ended.wait()
        screen.end()
        return ExitStatus.success
    }

    /// Where a change to the file can happen: its own folder and name, then each link target's.
    private static func places(of path: String) -> [(folder: String, name: String)] {
        ((try? FileSystem.linkChain(path)) ?? [path]).map(place)
    }

    private static func place(of path: String) -> (folder: String, name: String) {
        let slash = path.lastIndex(of: "/")
        return (
            slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ".",
            slash.map { String(path[path.index(after: $0)...]) } ?? path
        )
    }

    /// The screen's lines: a heading, then the timeline or the file's errors.
    private func lines(live: Bool) -> [TerminalText] {
        var lines: [TerminalText] = [
            "Watching \(TerminalText(path)) (Ctrl-C to stop), drawn at \(WallTime.now().clock(seconds: true))", .empty,
        ]
        do throws(WorkoutLoadError) {
            let read = try WorkoutLoader.load(path, library: library)
            let loaded = read.with(thresholds)
            let colored = color.enabled(isTerminal: live, noColor: environment["NO_COLOR"] != nil)
            let columns = Int(environment["COLUMNS"] ?? "") ?? TerminalScreen(live: false).size.columns
            // The note that the file's FTP stands in: on a live screen, which each drawing
            // replaces, every time; in a pipe, the first time only.
            let note = read.fileFTPNote(for: thresholds).flatMap { live || ftpNoted.setFirst() ? $0 : nil }
            let warnings = read.warnings + (note.map { [$0] } ?? [])
            lines += warnings.map { TerminalText($0) } + Timeline(loaded: loaded, colored: colored, columns: columns).lines
        } catch {
            lines += error.lines.map { TerminalText($0) }
        }
        return lines
    }
}

/// The watched screen, drawn on a queue of its own: any number of requests while one is waiting
/// make one drawing, and ending never waits for a drawing under way (reading a slow file).
final class WatchScreen: Sendable {
    private struct State {
        var waiting = false
        var stopped = false
        var ended = false
    }

    private let live: Bool
    private let lines: @Sendable () -> [TerminalText]
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "pacer.watch")

    init(live: Bool, lines: @escaping @Sendable () -> [TerminalText]) {
        self.live = live
        self.lines = lines
    }

    /// Asks for the screen to be drawn again, unless a drawing is already waiting to start.
    func redraw() {
        let asks = state.withLock { state in
            defer { state.waiting = true }
            return !state.waiting && !state.ended
        }
        guard asks else { return }
        queue.async { [self] in
            state.withLock { $0.waiting = false }
            let lines = lines()
            state.withLock { state in
                guard !state.ended, !state.stopped else { return }
                if live { Output.data(ANSI.moveTo(row: 1, column: 1) + ANSI.clearScreen) }
                lines.forEach(Output.line)
                Output.flush()
            }
        }
    }

    /// Ctrl-Z: the terminal as it was, nothing drawn until `resume`.
    func stop() {
        state.withLock { state in
            state.stopped = true
            TerminalModes.restore()
        }
    }

    /// `fg`: the screen back, drawn again.
    func resume() {
        state.withLock { state in
            state.stopped = false
            if live, !state.ended { TerminalModes.enterAlternateScreen() }
        }
        redraw()
    }

    /// Ctrl-C: nothing more is drawn and the terminal is left as it was, at once.
    func end() {
        state.withLock { state in
            state.ended = true
            Output.flush()
            TerminalModes.restore()
        }
    }
}
