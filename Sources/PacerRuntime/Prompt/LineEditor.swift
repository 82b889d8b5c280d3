internal import CReadline
import Glibc
import PacerSystem

/// GNU readline through its callback interface: fed one character at a time by a read source,
/// never owning the terminal or the signals. The only file that touches readline.
///
/// Readline is woken at the first key typed, not before: until then the editor draws the prompt
/// itself and holds the terminal in readline's typing modes (no echo, each key as it comes), so a
/// session nobody types at never reads the key maps, terminfo, inputrc and history that readline
/// sets up, and the first key, handed to readline as it wakes, is edited as every other one.
/// Bracketed paste is on from the start, as readline turns it on: a paste before the first key
/// comes marked, and readline, woken by its first byte, takes it as one paste.
final class LineEditor {
    /// readline's callbacks carry no context, so the active editor is reached through this.
    nonisolated(unsafe) private static var active: LineEditor?
    nonisolated(unsafe) private static var completionWords: [String] = []
    nonisolated(unsafe) private static var completionMatches: [String] = []

    private let onLine: (String?) -> Void
    private let onRedraw: () -> Bool
    private let historyFile: String?
    private let readsInputrc: Bool
    private let words: [String]
    private let output: Int32
    private var prompt: String
    private var isOpen = true
    /// Whether readline is set up and has the terminal (from the first key typed).
    private var isAwake = false
    /// The terminal's modes before the editor took it: put back for readline to find as it wakes,
    /// and given back when the editor lets the terminal go.
    private var modesFound: termios?
    static let historyLimit: Int32 = 1000

    /// `onLine` receives each entered line, or nil for Ctrl-D on an empty line; the prompt is
    /// drawn on `output`, at once. Ctrl-L (or whatever clears the screen) calls `onRedraw`, which
    /// says whether it drew the screen anew; if not, readline clears it. The history and the
    /// inputrc are read only as `files` allows.
    init(
        prompt: String, words: [String], files: PromptFiles, output: Int32,
        onRedraw: @escaping () -> Bool, onLine: @escaping (String?) -> Void
    ) {
        self.onLine = onLine
        self.onRedraw = onRedraw
        self.historyFile = files.history
        self.readsInputrc = files.readsInputrc
        self.words = words
        self.output = output
        self.prompt = prompt
        takeTerminal()
        redisplay()
    }

    /// Sets readline up with the prompt already on the screen, cursor after it.
    private func wake() {
        isAwake = true
        Self.completionWords = words
        Self.active = self
        pacer_rl_disable_signals()
        pacer_rl_set_output(output)
        pacer_rl_set_name("pacer")
        using_history()
        stifle_history(Self.historyLimit)
        if let historyFile { read_history(historyFile) }
        pacer_rl_set_completion { text, start, _ in
            pacer_rl_no_filename_fallback()
            guard start == 0 else { return nil }
            return rl_completion_matches(text) { text, state in
                if state == 0 {
                    let prefix = text.map { String(cString: $0) } ?? ""
                    LineEditor.completionMatches = LineEditor.completionWords.filter { $0.hasPrefix(prefix) }
                }
                guard !LineEditor.completionMatches.isEmpty else { return nil }
                return strdup(LineEditor.completionMatches.removeFirst())
            }
        }
        if !readsInputrc { pacer_rl_read_no_init_file() }
        rl_initialize()
        // readline echoes what is typed only if the terminal it takes echoed: it must find the
        // modes the editor found, given back just before it takes them.
        if var modes = modesFound { tcsetattr(STDIN_FILENO, TCSANOW, &modes) }
        pacer_rl_set_already_prompted(1)
        rl_callback_handler_install(prompt) { line in
            let text = line.map { String(cString: $0) }
            free(line)
            LineEditor.active?.accept(text)
        }
        pacer_rl_set_already_prompted(0)
        if rl_variable_value("enable-bracketed-paste").map({ String(cString: $0) }) != "on" { write(Self.bracketedPasteOff) }
        pacer_rl_rebind_clear_screen { count, key in
            LineEditor.active?.onRedraw() == true ? 0 : rl_clear_screen(count, key)
        }
    }

    /// What turns a terminal's bracketed paste on and off (readline's own sequences).
    private static let bracketedPasteOn = "\u{1B}[?2004h"
    private static let bracketedPasteOff = "\u{1B}[?2004l"

    /// Remembers the terminal's modes and takes readline's typing modes, and its bracketed paste,
    /// until readline is woken.
    private func takeTerminal() {
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
        modesFound = modes
        guard !isAwake else { return }
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &modes.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSADRAIN, &modes)
        write(Self.bracketedPasteOn)
    }

    /// Gives the terminal back in the modes it was found in, bracketed paste off (readline turns
    /// it off only when its inputrc left it on).
    private func releaseTerminal() {
        if isAwake { rl_deprep_terminal() }
        guard var modes = modesFound else { return }
        write(Self.bracketedPasteOff)
        tcsetattr(STDIN_FILENO, TCSADRAIN, &modes)
    }

    private func write(_ text: String) {
        try? FileSystem.writeAll(output, Array(text.utf8))
    }

    private func accept(_ line: String?) {
        if let line, !line.trimmingCharacters(in: " ").isEmpty, line != lastHistoryEntry {
            add_history(line)
            if let historyFile { append_history(1, historyFile) }
        }
        onLine(line)
    }

    private var lastHistoryEntry: String? {
        pacer_last_history_line().map { String(cString: $0) }
    }

    /// Reads what is waiting on standard input, one character at a time.
    func readCharacter() {
        guard isOpen else { return }
        if !isAwake { wake() }
        rl_callback_read_char()
    }

    /// Redraws the prompt and the partly typed line on a fresh line, cursor where it was.
    func redisplay() {
        guard isOpen else { return }
        guard isAwake else {
            write(prompt)
            return
        }
        rl_on_new_line()
        rl_redisplay()
    }

    /// Puts the terminal back in the modes it was found in, while the process is stopped.
    func suspend() {
        if isOpen { releaseTerminal() }
    }

    /// Takes the terminal into the typing modes again, even if readline believes it still has
    /// them (the shell may have changed them while the process was stopped).
    func resume() {
        guard isOpen else { return }
        takeTerminal()
        guard isAwake else { return }
        rl_deprep_terminal()
        rl_prep_terminal(1)
    }

    /// Changes the prompt text (to ask a question, say).
    func setPrompt(_ prompt: String) {
        self.prompt = prompt
        if isAwake { rl_set_prompt(prompt) }
    }

    /// Removes the prompt, trims the history file to its bound and gives the terminal back.
    func close() {
        guard isOpen else { return }
        isOpen = false
        if isAwake {
            rl_callback_handler_remove()
            if let historyFile { history_truncate_file(historyFile, Self.historyLimit) }
        }
        releaseTerminal()
        if Self.active === self { Self.active = nil }
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
