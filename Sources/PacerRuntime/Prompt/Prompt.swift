import Dispatch
import Glibc
import PacerEngine
import PacerFoundation
import PacerSystem

/// The control prompt: readline on standard input, driven by a read source on the screen's
/// queue, so typing, the clock and the display never wait for each other.
// @unchecked: its state is confined to the screen's queue, where readline calls back into it synchronously; a lock there would deadlock.
public final class Prompt: CommandSource, @unchecked Sendable {
    // Everything here is touched only on the screen's queue.
    public let screen: TerminalScreen
    private let files: PromptFiles
    private var inbox: CommandInbox?
    private var editor: LineEditor?
    private var source: (any DispatchSourceRead)?
    private var confirmingQuit = false
    private var readingPaused = false
    static let text = "pacer> "
    static let quitQuestion = "End the session? [y/N] "

    /// A prompt drawn on `screen` (confirmed Ctrl-D arrives as `quit`), reading `files` as they allow.
    public init(screen: TerminalScreen, files: PromptFiles) {
        self.screen = screen
        self.files = files
    }

    public func start(_ inbox: CommandInbox) {
        screen.queue.async { [self] in
            self.inbox = inbox
            if let history = files.history { prepareHistoryFile(history) }
            screen.goLive()
            let editor = LineEditor(
                prompt: Self.text, words: CommandGrammar.words, files: files,
                output: screen.output.descriptor, onRedraw: { [unowned self] in screen.relayoutIfLive() }
            ) { [unowned self] line in
                // readline redraws its prompt after this returns; take the line once it has.
                screen.queue.async { self.accept(line) }
            }
            self.editor = editor
            screen.attach(editor)
            let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: screen.queue)
            source.setEventHandler { [unowned self] in self.readCharacter() }
            source.activate()
            self.source = source
        }
    }

    /// Removes the prompt and gives the terminal back; call before the screen's final redraw.
    public func stop() {
        screen.queue.async { [self] in
            if readingPaused { source?.resume() }
            source?.cancel()
            source = nil
            screen.attach(nil)
            editor?.close()
            editor = nil
        }
    }

    /// Stops reading the terminal while the process is in the background; `resumeReading` goes on.
    public func pauseReading() {
        screen.queue.async { [self] in pauseReadingNow() }
    }

    private func pauseReadingNow() {
        guard !readingPaused else { return }
        readingPaused = true
        source?.suspend()
    }

    /// Feeds readline what was typed, unless the shell has the terminal (a job in the background
    /// reading it would be stopped, or read nothing): then reading waits for `fg`.
    private func readCharacter() {
        guard TerminalModes.isForeground else {
            pauseReadingNow()
            return
        }
        editor?.readCharacter()
    }

    /// Reads the terminal again after `pauseReading`.
    public func resumeReading() {
        screen.queue.async { [self] in
            guard readingPaused else { return }
            readingPaused = false
            source?.resume()
        }
    }

    /// Shows the answer to a command typed here.
    public func show(_ reply: Reply) {
        if let text = reply.text { screen.print(TerminalText(lines: text)) }
    }

    private func accept(_ line: String?) {
        guard editor != nil else { return }
        if confirmingQuit {
            confirmingQuit = false
            editor?.setPrompt(Self.text)
            let answer = line?.lowercased() ?? "y"
            if answer == "y" || answer == "yes" { inbox?.submit(.quit, line: "quit") } else { screen.printNow("going on") }
            return
        }
        guard let line else {
            confirmingQuit = true
            editor?.setPrompt(Self.quitQuestion)
            editor?.redisplay()
            return
        }
        inbox?.submit(line)
    }

    private func prepareHistoryFile(_ path: String) {
        if let slash = path.lastIndex(of: "/") {
            try? FileSystem.createDirectories(String(path[..<slash]))
        }
        if !FileSystem.exists(path) {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
            if descriptor >= 0 { close(descriptor) }
        }
    }
}
