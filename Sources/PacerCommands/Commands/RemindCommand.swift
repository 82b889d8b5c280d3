import History
import HistoryReports
import PacerCommandLine
import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWeekPlan

/// `pacer remind`: a desktop notification when a planned session is not done yet (today's, or
/// tomorrow's when its reminder comes the evening before); `install` and `uninstall` put the
/// systemd timer that runs it in place, or take it away.
enum RemindCommand {
    static let cron = Flag("--cron", help: "print crontab lines instead of writing systemd units")
    static let lead = Option<Int>("--lead", value: "D", help: "remind this long before a planned time: 15m (default), 1h, 0") {
        text throws(UsageError) in
        switch ReminderSettings.lead(from: text) {
        case .success(let minutes): return minutes
        case .failure(let error): throw UsageError(message: "--lead: \(error)")
        }
    }
    static let untimed = Option<TimeOfDay>(
        "--untimed", value: "HH:MM", help: "the time to remind on planned days without a time (default 18:00)"
    ) {
        text throws(UsageError) in
        guard let time = TimeOfDay(text) else { throw UsageError(message: "--untimed takes a time as HH:MM, such as 18:00, not '\(text)'") }
        return time
    }

    static let spec = CommandSpec(
        name: "remind", abstract: "remind of a planned workout not done yet, or install the timer that does",
        usage: "pacer remind [install [--cron]] [--lead D] [--untimed HH:MM] | pacer remind uninstall",
        arguments: .choice(["install", "uninstall"]),
        details: """
            'pacer remind' sends a desktop notification (notify-send) when a session the week plan has
            is not done yet, and does nothing otherwise; without a desktop it prints the line. It names
            the session whose reminder time came last: one of today's, or tomorrow's when its time less
            the lead falls today (Fri 00:10 is reminded of on Thu at 23:55); before any has come, the
            first waiting today. --lead and --untimed say how the reminder times were made (the units
            'install' writes pass them), else the plan's "reminders" do.
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
                guard !arguments[cron] else { throw UsageError(message: "--cron goes with 'pacer remind install'") }
                return ReminderSetup.remind(lead: arguments[lead], untimed: arguments[untimed], environment)
            case ["install"]:
                return ReminderSetup.install(cron: arguments[cron], lead: arguments[lead], untimed: arguments[untimed], environment)
            case ["uninstall"]: return ReminderSetup.uninstall(environment)
            default: throw UsageError(message: "remind takes nothing, install or uninstall")
            }
        }
    }
}
