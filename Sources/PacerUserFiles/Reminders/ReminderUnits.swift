import PacerFoundation
import PacerSystem
import PacerWeekPlan

/// What runs `pacer remind` at a plan's reminder times: a systemd user timer and its service, or
/// the same as crontab lines, with the environment that finds the same plan and history and the
/// lead and untimed hour the times were made with (so a reminder the evening before names the
/// session of the next day it is for).
public struct ReminderUnits: Sendable {
    /// The units' name: `pacer-remind.timer` and `pacer-remind.service`.
    public static let name = "pacer-remind"
    /// What each crontab line ends with, so the user can find them again.
    public static let cronMark = "# pacer remind"

    public let times: [ReminderTime]
    /// The pacer to run, an absolute path.
    public let executable: String
    /// The variables that say where the plan and the history are, as set now (names sorted;
    /// a relative `PACER_HISTORY` made absolute, as the units run from another folder).
    public let variables: [(name: String, value: String)]
    /// What `pacer remind` is run with: the lead and the untimed hour of `times`.
    public let arguments: [String]

    /// The variables a reminder needs to see what this pacer sees.
    static let passed = ["PACER_HISTORY", "XDG_CONFIG_HOME", "XDG_DATA_HOME"]

    public init(plan: WeekPlan, executable: String, environment: Environment) {
        times = plan.reminderTimes
        self.executable = executable
        variables = Self.passed.compactMap { name in
            environment[name].map { (name, name == "PACER_HISTORY" ? FileSystem.absolutePath($0) : $0) }
        }
        let lead = plan.reminders.lead
        arguments = ["remind", "--lead", lead == 0 ? "0" : "\(lead)m", "--untimed", "\(plan.reminders.untimed)"]
    }

    /// Why these units cannot be written, or nil when they can: a path with a line break or another
    /// control character would end a line of the unit and start another, and a relative
    /// `PACER_HISTORY` that could not be made absolute would be another file from another folder.
    public var problem: String? {
        if let history = variables.first(where: { $0.name == "PACER_HISTORY" }), !history.value.hasPrefix("/") {
            return "cannot write reminders for PACER_HISTORY=\(TerminalText.visible(history.value, keepingLineBreaks: false)): "
                + "the current folder cannot be read to make it absolute; set it to an absolute path"
        }
        let texts = [executable] + variables.map(\.value)
        guard let bad = texts.first(where: { TerminalText.visible($0, keepingLineBreaks: false) != $0 }) else { return nil }
        return
            "cannot write reminders that run \(TerminalText.visible(bad, keepingLineBreaks: false)): a path with control characters cannot go in a unit file or a crontab"
    }

    /// `pacer-remind.timer`: an `OnCalendar=` line for each reminder time.
    public var timer: String {
        var lines = [
            "# Written by 'pacer remind install' from the week plan; run it again after changing the plan.",
            "[Unit]", "Description=Reminders of the workouts in pacer's week plan", "",
            "[Timer]",
        ]
        lines += times.map { "OnCalendar=\(Self.calendar($0))" }
        lines += ["AccuracySec=1min", "", "[Install]", "WantedBy=timers.target"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `pacer-remind.service`: runs `pacer remind` once.
    public var service: String {
        var lines = [
            "# Written by 'pacer remind install'.",
            "[Unit]", "Description=A reminder of today's planned workout when it is not done yet", "",
            "[Service]", "Type=oneshot",
        ]
        lines += variables.map { "Environment=" + Self.systemdQuoted("\($0.name)=\($0.value)") }
        let command = arguments.joined(separator: " ")
        // systemd refuses a program whose path holds a quote or a backslash, however quoted: such
        // a pacer is run by /bin/sh, to which its path is an argument like any other.
        if executable.contains(where: { "\"'\\".contains($0) }) {
            lines.append("ExecStart=/bin/sh -c 'exec \"$$0\" \"$$@\"' \(Self.systemdArgument(executable)) \(command)")
        } else {
            lines.append("ExecStart=\(Self.systemdQuoted(executable)) \(command)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A crontab line for each reminder time (cron counts Sunday as 0, and `*` is every day).
    public var crontab: String {
        let prefix = variables.map { "\($0.name)=\(Self.cronEscaped($0.value.shellQuoted)) " }.joined()
        return times.map { time in
            let days = time.days.count == 7 ? "*" : time.days.map { $0.rawValue % 7 }.sorted().map(String.init).joined(separator: ",")
            return
                "\(time.time.minute) \(time.time.hour) * * \(days) \(prefix)\(Self.cronEscaped(executable.shellQuoted)) \(arguments.joined(separator: " ")) \(Self.cronMark)\n"
        }.joined()
    }

    /// `Mon,Wed,Fri *-*-* 06:45:00`, as systemd.time(7) writes a weekly calendar event (and
    /// `*-*-* 18:00:00` for every day).
    public static func calendar(_ time: ReminderTime) -> String {
        (time.days.count == 7 ? "" : time.days.map(\.abbreviation).joined(separator: ",") + " ") + "*-*-* \(time.time):00"
    }

    /// The program or an assignment in a unit file: in double quotes, with `\` and `"` escaped and
    /// `%` (a specifier) doubled. (Neither the program's path nor `Environment=` expands `$`.)
    static func systemdQuoted(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            switch character {
            case "\\", "\"": quoted += "\\\(character)"
            case "%": quoted += "%%"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }

    /// An argument of a command in a unit file: quoted as `systemdQuoted`, with `$` doubled (in
    /// an argument, unlike the program's path, systemd expands `$NAME`).
    static func systemdArgument(_ text: String) -> String {
        systemdQuoted(text).replacing("$", with: "$$")
    }

    /// Text for a crontab's command, where cron takes an unescaped `%` for a line break.
    static func cronEscaped(_ text: String) -> String {
        text.replacing("%", with: "\\%")
    }
}
