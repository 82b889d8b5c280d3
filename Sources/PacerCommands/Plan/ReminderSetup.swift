import History
import HistoryReports
import PacerCommandLine
import PacerFoundation
import PacerSystem
import PacerUserFiles

/// `pacer remind`: the reminder itself, and `install` and `uninstall`: the reminder units written or
/// removed, and systemctl run when the user's systemd is there, else shown.
public enum ReminderSetup {
    public static func install(cron: Bool, lead: Int?, untimed: TimeOfDay?, _ environment: Environment) -> Int32 {
        let file = PlanFile(environment: environment)
        return PlanActions.reporting {
            var plan = try file.load()
            plan.reminders.lead = lead ?? plan.reminders.lead
            plan.reminders.untimed = untimed ?? plan.reminders.untimed
            guard !plan.entries.isEmpty else { throw CommandFailure.nothingPlanned(shown: file.shown) }
            let units = ReminderUnits(plan: plan, executable: FileSystem.executablePath() ?? "pacer", environment: environment)
            if let problem = units.problem { throw CommandFailure.reminderUnits(problem: problem) }
            if cron {
                Output.problem("pacer: the lines to add with 'crontab -e' (without a desktop, cron mails what pacer remind prints):")
                Output.data(units.crontab)
                return
            }
            let installer = ReminderInstaller(environment: environment)
            let written: [String]
            do throws(FileError) {
                written = try installer.install(units)
            } catch {
                throw CommandFailure.file(error)
            }
            for path in written { Output.line(TerminalText("wrote \(environment.abbreviatingHome(path))")) }
            units.times.forEach { Output.line(TerminalText("  OnCalendar=\(ReminderUnits.calendar($0))")) }
            try systemctl(ReminderInstaller.enabling, installer)
        }
    }

    public static func uninstall(_ environment: Environment) -> Int32 {
        PlanActions.reporting {
            let installer = ReminderInstaller(environment: environment)
            guard installer.isInstalled else {
                Output.line(
                    "no reminders are installed (a crontab line from --cron ends in '\(ReminderUnits.cronMark)': crontab -e removes it)")
                return
            }
            try systemctl(ReminderInstaller.disabling, installer)
            do throws(FileError) {
                for path in try installer.uninstall() { Output.line(TerminalText("removed \(environment.abbreviatingHome(path))")) }
            } catch {
                throw CommandFailure.file(error)
            }
            try systemctl(ReminderInstaller.reloading, installer)
        }
    }

    /// Runs `commands` when the user's systemd is there; else shows them for the user to run.
    private static func systemctl(_ commands: [[String]], _ installer: ReminderInstaller) throws(CommandFailure) {
        let line = commands.map { $0.joined(separator: " ") }.joined(separator: " && ")
        guard let systemctl = installer.systemctl else {
            Output.line(TerminalText("no user systemd to reach here; run: \(line)"))
            return
        }
        Output.line(TerminalText("running: \(line)"))
        guard installer.run(commands, with: systemctl) else { throw .systemctlFailed(line: line) }
    }

    /// Notifies of the session the reminder is for, if any waits; `lead` and `untimed`, when
    /// given, stand for the plan's.
    public static func remind(lead: Int?, untimed: TimeOfDay?, _ environment: Environment) -> Int32 {
        PlanActions.reporting {
            var plan = try PlanFile(environment: environment).load()
            plan.reminders.lead = lead ?? plan.reminders.lead
            plan.reminders.untimed = untimed ?? plan.reminders.untimed
            let store = try HistoryStore.existing(at: HistoryLocation.path(environment: environment.variables))
            let today = try PlanToday(plan: plan, store: store, now: WallTime.now())
            HistoryAccess.reportUnreadable(store)
            guard let line = today.reminder else { return }
            guard let notifier = DesktopNotification(environment: environment) else { return Output.line(line) }
            guard notifier.send(summary: "Pacer: time to train", body: line.plain) else {
                Output.line(line)
                throw CommandFailure.reminderNotShown(program: notifier.program)
            }
        }
    }
}
