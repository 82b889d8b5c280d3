import Foundation
import PacerFoundation
import PacerSystem
import PacerWeekPlan
import Testing

@testable import PacerUserFiles

/// The units and crontab lines that run `pacer remind`, as text: what they say for a plan, and
/// how a path with spaces, quotes, `%` or control characters is written into them, or refused.
@Suite("reminder units")
struct ReminderUnitsTests {
    static let plan = WeekPlan(entries: [
        WeekPlan.Entry(days: [.monday, .wednesday, .friday], time: TimeOfDay("07:00"), workout: PlannedWorkout("seven-minute")),
        WeekPlan.Entry(days: Weekday.allCases, time: nil, workout: PlannedWorkout("stretch")),
    ])

    @Test func theTimerHasACalendarLineForEachReminderTime() {
        let units = ReminderUnits(
            plan: Self.plan, executable: "/usr/local/bin/pacer", environment: Environment(["XDG_CONFIG_HOME": "/home/u/.config"]))
        #expect(
            units.timer == """
                # Written by 'pacer remind install' from the week plan; run it again after changing the plan.
                [Unit]
                Description=Reminders of the workouts in pacer's week plan

                [Timer]
                OnCalendar=Mon,Wed,Fri *-*-* 06:45:00
                OnCalendar=*-*-* 18:00:00
                AccuracySec=1min

                [Install]
                WantedBy=timers.target

                """)
        #expect(
            units.service == """
                # Written by 'pacer remind install'.
                [Unit]
                Description=A reminder of today's planned workout when it is not done yet

                [Service]
                Type=oneshot
                Environment="XDG_CONFIG_HOME=/home/u/.config"
                ExecStart="/usr/local/bin/pacer" remind --lead 15m --untimed 18:00

                """)
        #expect(
            units.crontab == """
                45 6 * * 1,3,5 XDG_CONFIG_HOME=/home/u/.config /usr/local/bin/pacer remind --lead 15m --untimed 18:00 # pacer remind
                0 18 * * * XDG_CONFIG_HOME=/home/u/.config /usr/local/bin/pacer remind --lead 15m --untimed 18:00 # pacer remind

                """)
        #expect(units.problem == nil)
    }

    @Test func pathsAreQuotedForSystemdAndForCron() {
        let environment = Environment(["PACER_HISTORY": "/h/it's 100%.sqlite3", "XDG_DATA_HOME": #"/d/"quoted"\back"#, "HOME": "/home/u"])
        let units = ReminderUnits(plan: Self.plan, executable: "/opt/my pacer/100%/pacer", environment: environment)
        #expect(units.service.contains(#"Environment="PACER_HISTORY=/h/it's 100%%.sqlite3""#), "\(units.service)")
        #expect(units.service.contains(#"Environment="XDG_DATA_HOME=/d/\"quoted\"\\back""#), "\(units.service)")
        #expect(units.service.contains(#"ExecStart="/opt/my pacer/100%%/pacer" remind --lead 15m"#), "\(units.service)")
        let line = units.crontab.split(separator: "\n")[0]
        #expect(
            line
                == #"45 6 * * 1,3,5 PACER_HISTORY='/h/it'\''s 100\%.sqlite3' XDG_DATA_HOME='/d/"quoted"\back' '/opt/my pacer/100\%/pacer' remind --lead 15m --untimed 18:00 # pacer remind"#,
            "\(line)")
        #expect(!units.service.contains("HOME=/home/u"), "only what says where the plan and history are")
    }

    /// systemd refuses a program path with a quote or a backslash however it is quoted: such a
    /// pacer is run by /bin/sh, its path an argument (where `$` is doubled, as systemd expands it).
    @Test func aPathSystemdRefusesAsAProgramIsRunByTheShell() {
        let units = ReminderUnits(plan: Self.plan, executable: #"/opt/"it's"\$HOME 100%/pacer"#, environment: Environment([:]))
        #expect(
            units.service.split(separator: "\n").last
                == #"ExecStart=/bin/sh -c 'exec "$$0" "$$@"' "/opt/\"it's\"\\$$HOME 100%%/pacer" remind --lead 15m --untimed 18:00"#,
            "\(units.service)")
        #expect(units.problem == nil)
    }

    @Test func theLeadAndUntimedHourTheTimesWereMadeWithArePassedToRemind() {
        var plan = Self.plan
        plan.reminders = ReminderSettings(lead: 0, untimed: TimeOfDay("07:05")!)
        #expect(
            ReminderUnits(plan: plan, executable: "/bin/pacer", environment: Environment([:])).arguments == [
                "remind", "--lead", "0", "--untimed", "07:05",
            ])
        plan.reminders.lead = 12 * 60
        #expect(
            ReminderUnits(plan: plan, executable: "/bin/pacer", environment: Environment([:])).arguments == [
                "remind", "--lead", "720m", "--untimed", "07:05",
            ])
    }

    /// The units run from the home folder: a relative PACER_HISTORY is made absolute from the
    /// folder `remind install` ran in.
    @Test func aRelativeHistoryPathIsMadeAbsolute() {
        let environment = Environment(["PACER_HISTORY": "logs/history.sqlite3", "XDG_DATA_HOME": "/d"])
        let units = ReminderUnits(plan: Self.plan, executable: "/bin/pacer", environment: environment)
        let current = FileManager.default.currentDirectoryPath
        #expect(units.variables.map { "\($0.name)=\($0.value)" } == ["PACER_HISTORY=\(current)/logs/history.sqlite3", "XDG_DATA_HOME=/d"])
        #expect(units.service.contains("Environment=\"PACER_HISTORY=\(current)/logs/history.sqlite3\""), "\(units.service)")
        #expect(
            units.crontab.hasPrefix("45 6 * * 1,3,5 PACER_HISTORY=\((current + "/logs/history.sqlite3").shellQuoted) "), "\(units.crontab)")
    }

    @Test func aPathWithAControlCharacterIsRefused() {
        let units = ReminderUnits(plan: Self.plan, executable: "/opt/pacer\nExecStartPre=/bin/evil", environment: Environment([:]))
        #expect(
            units.problem
                == #"cannot write reminders that run /opt/pacer\u{a}ExecStartPre=/bin/evil: a path with control characters cannot go in a unit file or a crontab"#
        )
        let environment = ReminderUnits(
            plan: Self.plan, executable: "/bin/pacer", environment: Environment(["XDG_CONFIG_HOME": "/c\u{1B}[2J"]))
        #expect(environment.problem != nil)
    }

    @Test func theUnitsGoInTheConfigHomeAndTheDesktopIsFoundOnlyWhereThereIsOne() {
        #expect(
            ReminderInstaller(environment: Environment(["XDG_CONFIG_HOME": "/c", "HOME": "/h"])).timerPath
                == "/c/systemd/user/pacer-remind.timer")
        #expect(ReminderInstaller(environment: Environment(["HOME": "/h"])).servicePath == "/h/.config/systemd/user/pacer-remind.service")
        #expect(
            ReminderInstaller(environment: Environment(["XDG_CONFIG_HOME": "relative", "HOME": "/h"])).folder == "/h/.config/systemd/user",
            "a relative XDG_CONFIG_HOME is ignored, as the XDG spec says")
        #expect(ReminderInstaller(environment: Environment(["XDG_RUNTIME_DIR": "/nonexistent", "PATH": "/usr/bin:/bin"])).systemctl == nil)
        #expect(DesktopNotification(environment: Environment(["PATH": "/usr/bin:/bin"])) == nil, "no bus, no display")
        #expect(DesktopNotification(environment: Environment(["DISPLAY": ":0", "PATH": "/nonexistent"])) == nil, "no notify-send")
    }
}
