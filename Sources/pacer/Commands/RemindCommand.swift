import HistoryReports
import History
import PacerCommandLine
import PacerCore
import PacerRuntime
import PacerSystem
import PacerWeekPlan

/// `pacer remind`: a desktop notification when today's planned session is not done yet;
/// `install` and `uninstall` put the systemd timer that runs it in place, or take it away.
enum RemindCommand {
    static let cron = Flag("--cron", help: "print crontab lines instead of writing systemd units")
    static let lead = Option<Int>("--lead", value: "D", help: "remind this long before a planned time: 15m (default), 1h, 0") { text throws(UsageError) in
        switch ReminderSettings.lead(from: text) {
        case .success(let minutes): return minutes
        case .failure(let error): throw UsageError(message: "--lead: \(error)")
        }
    }
    static let untimed = Option<TimeOfDay>("--untimed", value: "HH:MM", help: "the time to remind on planned days without a time (default 18:00)") {
        text throws(UsageError) in
        guard let time = TimeOfDay(text) else { throw UsageError(message: "--untimed takes a time as HH:MM, such as 18:00, not '\(text)'") }
        return time
    }

    static let spec = CommandSpec(
        name: "remind", abstract: "remind of today's planned workout, or install the timer that does",
        usage: "pacer remind [install [--cron] [--lead D] [--untimed HH:MM] | uninstall]", arguments: .choice(["install", "uninstall"]),
        details: """
            'pacer remind' sends a desktop notification (notify-send) when a session the week plan has
            for today is not done yet, and does nothing otherwise; without a desktop it prints the line.
            'install' writes the systemd user units \(ReminderUnits.name).timer and .service in
            $XDG_CONFIG_HOME/systemd/user, with an OnCalendar= line for each reminder time: a planned
            time less the lead (15m unless --lead or the plan's "reminders" say otherwise), and for a
            planned day without a time the untimed hour (18:00 by default). It starts the timer with
            systemctl --user when the user's systemd is there, else prints the commands that do. Run it
            again after changing the plan. --cron prints crontab lines instead of writing units.
            'uninstall' stops the timer and removes the units.
            """,
        options: [cron.spec, lead.spec, untimed.spec]
    ) { arguments, environment in
        CommandSpec.reportingUsage(of: "remind") { () throws(UsageError) in
            switch arguments.positionals {
            case []:
                guard !arguments[cron], arguments[lead] == nil, arguments[untimed] == nil else {
                    throw UsageError(message: "--cron, --lead and --untimed go with 'pacer remind install'")
                }
                return remind(environment)
            case ["install"]:
                return ReminderSetup.install(cron: arguments[cron], lead: arguments[lead], untimed: arguments[untimed], environment)
            case ["uninstall"]: return ReminderSetup.uninstall(environment)
            default: throw UsageError(message: "remind takes nothing, install or uninstall")
            }
        }
    }

    /// Notifies of the first session waiting today, if any.
    private static func remind(_ environment: Environment) -> Int32 {
        PlanCommand.reporting {
            let plan = try PlanFile(environment: environment).load()
            let store = try HistoryStore.existing(at: HistoryLocation.path(environment: environment.variables))
            let today = try PlanToday(plan: plan, store: store, now: WallTime.now())
            HistoryAccess.reportUnreadable(store)
            guard let line = today.reminder else { return }
            guard let notifier = DesktopNotification(environment: environment) else { return Output.line(line) }
            guard notifier.send(summary: "Pacer: time to train", body: line.plain) else {
                Output.line(line)
                throw CommandFailure(["pacer: \(notifier.program) did not show the reminder"])
            }
        }
    }
}
