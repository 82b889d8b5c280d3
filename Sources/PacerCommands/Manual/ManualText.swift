import PacerFormats

/// The prose of the man page around the command table: what pacer is, what it reads, how it exits.
enum ManualText {
    /// A term and what it means, for the man page's lists.
    typealias Entry = (term: String, text: String)

    static func description(builtIns: [String]) -> String {
        """
        Pacer runs interval workouts (the 7-minute workout, Tabata, EMOM, circuits with rounds,
        strength sets with reps) from declarative JSON workout files, on a clock that does not
        drift. A big countdown fills the terminal, the bell rings the last seconds, every event can
        go to a JSON-lines log, and a prompt below the display takes commands while the clock runs.

        A WORKOUT is a path to a workout file (when it has a / or ends in .json) or a name, looked
        for as NAME.json in the folders of $PACER_PATH, in ./workouts, in
        $XDG_CONFIG_HOME/pacer/workouts, and then among the workouts built into pacer:
        \(builtIns.joined(separator: ", ")).

        A WORKOUT may be a file of another app, read as it is: \(WorkoutFormat.titles(of: WorkoutFormat.readable, last: "or"))
        (pacer import writes it as a workout file, pacer export writes a workout as one).
        """
    }

    static let environment: [Entry] = [
        ("PACER_PATH", "Folders, separated by ':', searched first for a workout named on the command line."),
        (
            "XDG_CONFIG_HOME",
            "The user's workouts are in $XDG_CONFIG_HOME/pacer/workouts, plugins in $XDG_CONFIG_HOME/pacer/plugins, run's defaults in $XDG_CONFIG_HOME/pacer/config.json, the week plan in $XDG_CONFIG_HOME/pacer/plan.json, and remind install's units in $XDG_CONFIG_HOME/systemd/user (by default under ~/.config)."
        ),
        ("XDG_STATE_HOME", "The prompt's history is kept in $XDG_STATE_HOME/pacer/history (by default ~/.local/state/pacer/history)."),
        (
            "XDG_DATA_HOME",
            "Sessions are recorded in $XDG_DATA_HOME/pacer/history.sqlite3 (by default ~/.local/share/pacer/history.sqlite3)."
        ),
        ("PACER_HISTORY", "When set, the history file to record in and read, instead of the one under XDG_DATA_HOME."),
        ("XDG_RUNTIME_DIR", "Where plugins keep what lasts only while a session runs (the remote control's FIFO, the status line)."),
        ("PATH", "Searched for external plugins, pacer-sink-NAME, after $XDG_CONFIG_HOME/pacer/plugins."),
        ("HOME", "The home folder, where the XDG folders are by default."),
        ("NO_COLOR", "When set and not empty, nothing is coloured unless --color always is given."),
        ("TERM", "When dumb, run prints plain lines instead of the live display, and has no prompt."),
        (
            "INPUTRC",
            "The inputrc the prompt's readline reads at the first key typed (else ~/.inputrc, else /etc/inputrc); one that is not a plain file, is over 1 MB, or includes ($include) such a file or itself, is left unread, and run says so."
        ),
        ("COLUMNS", "The width of the bar that show draws, when set; by default the terminal's."),
        ("VISUAL", "The editor pacer edit and pacer plan edit open, a shell command given the file; else EDITOR (blank counts as unset)."),
        ("EDITOR", "The editor pacer edit and pacer plan edit open when VISUAL is not set; else vi."),
        (
            "DBUS_SESSION_BUS_ADDRESS",
            "With DISPLAY and WAYLAND_DISPLAY, whether pacer remind has a desktop to notify on (through notify-send); without any, it prints the line."
        ),
    ]

    static let files: [Entry] = [
        ("./workouts/NAME.json", "Workouts of the current folder."),
        ("~/.config/pacer/workouts/NAME.json", "The user's workouts (see XDG_CONFIG_HOME)."),
        ("~/.local/state/pacer/history", "The commands typed at the prompt, up to 1,000 (see XDG_STATE_HOME)."),
        ("~/.config/pacer/config.json", "The defaults of run: sinks, bell, colour, prompt, history, a log (see docs/config.md)."),
        ("~/.config/pacer/plugins/pacer-sink-NAME", "The user's external plugins, run by --sink NAME (see docs/plugins.md)."),
        (
            "~/.config/pacer/plan.json",
            "The week plan: workouts on days of the week, at a time if set (pacer plan, pacer today; see docs/plan.md)."
        ),
        (
            "~/.config/systemd/user/pacer-remind.timer",
            "With pacer-remind.service, what pacer remind install writes: a timer that runs pacer remind before each planned session."
        ),
        (
            "~/.local/share/pacer/history.sqlite3",
            "Every session and phase recorded, and the body weight readings (pacer history, pacer stats, pacer weight)."
        ),
    ]

    static let exitStatus: [Entry] = [
        ("0", "Success."),
        (
            "1",
            "Failure: a workout that cannot be found or read, a file with problems, a broken config, a log or history that cannot be written."
        ),
        ("2", "Bad usage: an unknown command or option, a missing or bad argument."),
        ("128+N", "A session ended by signal N: 130 after Ctrl-C, 141 when its output was closed, 143 on SIGTERM."),
    ]

    static let examples: [Entry] = [
        ("pacer list", "The workouts pacer can find, and where."),
        ("pacer show tabata", "The expanded timeline of a workout, with its totals."),
        ("pacer validate my-workout.json", "Every problem in a workout file, with its place."),
        ("pacer run tabata", "Run a workout."),
        ("pacer run tabata --speed 20 --log tabata.jsonl", "A fast preview, with its events logged."),
        (
            #"printf 'skip\nskip\nquit\n' | pacer run seven-minute"#,
            "A session scripted through a pipe: commands are read from standard input."
        ),
        ("pacer run tabata --sink terminal --sink web", "A session followed and steered from a browser too."),
        ("pacer history; pacer stats", "The sessions recorded, and progress over weeks."),
        (
            "pacer export track-400 --to fit -o track-400.fit",
            "A workout as a FIT file for a Garmin watch (or --to \(WorkoutFormat.writable.filter { $0 != .fit }.map(\.name).joined(separator: ", ")); see docs/import-export.md)."
        ),
        ("source <(pacer completions bash)", "Completion in the current bash session."),
    ]

    static let seeAlso = """
        How to write workout files, the event stream that the log and plugins receive, plugins, the
        config file and the history are described in docs/workout-format.md, docs/events.md,
        docs/plugins.md, docs/config.md and docs/history.md in pacer's source.
        """
}
