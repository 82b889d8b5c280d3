import PacerCore
import PacerSystem
import PacerWeekPlan

/// What runs `pacer remind` at a plan's reminder times: a systemd user timer and its service, or
/// the same as crontab lines, with the environment that finds the same plan and history.
public struct ReminderUnits: Sendable {
    /// The units' name: `pacer-remind.timer` and `pacer-remind.service`.
    public static let name = "pacer-remind"
    /// What each crontab line ends with, so the user can find them again.
    public static let cronMark = "# pacer remind"

    public let times: [ReminderTime]
    /// The pacer to run, an absolute path.
    public let executable: String
    /// The variables that say where the plan and the history are, as set now (names sorted).
    public let variables: [(name: String, value: String)]

    /// The variables a reminder needs to see what this pacer sees.
    static let passed = ["PACER_HISTORY", "XDG_CONFIG_HOME", "XDG_DATA_HOME"]

    public init(plan: WeekPlan, executable: String, environment: Environment) {
        times = plan.reminderTimes
        self.executable = executable
        variables = Self.passed.compactMap { name in environment[name].map { (name, $0) } }
    }

    /// Why these units cannot be written, or nil when they can: a path with a line break or another
    /// control character would end a line of the unit and start another.
    public var problem: String? {
        let texts = [executable] + variables.map(\.value)
        guard let bad = texts.first(where: { TerminalText.visible($0, keepingLineBreaks: false) != $0 }) else { return nil }
        return "cannot write reminders that run \(TerminalText.visible(bad, keepingLineBreaks: false)): a path with control characters cannot go in a unit file or a crontab"
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
        lines.append("ExecStart=\(Self.systemdQuoted(executable)) remind")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A crontab line for each reminder time (cron counts Sunday as 0, and `*` is every day).
    public var crontab: String {
        let prefix = variables.map { "\($0.name)=\(Self.cronEscaped($0.value.shellQuoted)) " }.joined()
        return times.map { time in
            let days = time.days.count == 7 ? "*" : time.days.map { $0.rawValue % 7 }.sorted().map(String.init).joined(separator: ",")
            return "\(time.time.minute) \(time.time.hour) * * \(days) \(prefix)\(Self.cronEscaped(executable.shellQuoted)) remind \(Self.cronMark)\n"
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

    /// Text for a crontab's command, where cron takes an unescaped `%` for a line break.
    static func cronEscaped(_ text: String) -> String {
        text.replacing("%", with: "\\%")
    }
}
