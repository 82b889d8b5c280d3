import Foundation
import Glibc
import Testing

/// `pacer remind` on a fake `notify-send` that records what it was given, and the units
/// `pacer remind install` writes, checked by systemd's own tools.
@Suite("remind command")
struct RemindCommandTests {
    /// A folder first on PATH with `name`, a script that writes its arguments, one per line, to
    /// `name.args` beside it and exits with `status`.
    static func fake(_ name: String, in sandbox: Sandbox, status: Int = 0) throws -> (path: String, arguments: String) {
        let script = try sandbox.write(
            "fakes/\(name)", "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \"$(dirname \"$0\")/\(name).args\"\nexit \(status)\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        return (sandbox.path("fakes") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), script + ".args")
    }

    static let desktop = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"]

    static func planToday(_ sandbox: Sandbox, _ workout: String = "1s prepare, 2s Sprint") throws {
        try TodayCommandTests.plan(sandbox, #"{"days": ["\#(TodayCommandTests.weekday())"], "time": "07:30", "workout": "\#(workout)"}"#)
    }

    @Test func aPlannedSessionNotDoneYetIsNotifiedAndADoneOneIsNot() async throws {
        let sandbox = try Sandbox()
        let notifier = try Self.fake("notify-send", in: sandbox)
        let environment = Self.desktop.merging(["PATH": notifier.path]) { $1 }
        let nothing = try await PacerProcess.run(["remind"], in: sandbox, environment: environment)
        #expect(nothing.status == 0 && nothing.stdout.isEmpty && nothing.stderr.isEmpty, "no plan, no reminder: \(nothing)")
        #expect(!FileManager.default.fileExists(atPath: notifier.arguments))

        try Self.planToday(sandbox)
        let reminded = try await PacerProcess.run(["remind"], in: sandbox, environment: environment)
        #expect(reminded.status == 0 && reminded.stdout.isEmpty, "\(reminded)")
        let arguments = try String(contentsOfFile: notifier.arguments, encoding: .utf8)
        #expect(
            arguments
                == "--app-name=Pacer\n--\nPacer: time to train\n1s prepare, 2s Sprint is planned today at 07:30 and not done yet ('pacer today' starts it)\n",
            "\(arguments)")

        unlink(notifier.arguments)
        let ran = try await PacerProcess.run(["today", "--speed", "20"], in: sandbox)
        #expect(ran.status == 0, "\(ran)")
        let done = try await PacerProcess.run(["remind"], in: sandbox, environment: environment)
        #expect(done.status == 0 && done.stdout.isEmpty && done.stderr.isEmpty, "\(done)")
        #expect(!FileManager.default.fileExists(atPath: notifier.arguments), "nothing is sent once today's session is done")
    }

    @Test func withoutADesktopTheLineIsPrinted() async throws {
        let sandbox = try Sandbox()
        try Self.planToday(sandbox)
        let notifier = try Self.fake("notify-send", in: sandbox)
        let noBus = try await PacerProcess.run(["remind"], in: sandbox, environment: ["PATH": notifier.path])
        #expect(
            noBus.status == 0
                && noBus.stdout == "1s prepare, 2s Sprint is planned today at 07:30 and not done yet ('pacer today' starts it)\n",
            "\(noBus)")
        #expect(!FileManager.default.fileExists(atPath: notifier.arguments), "no session to notify on")
        let noProgram = try await PacerProcess.run(
            ["remind"], in: sandbox, environment: Self.desktop.merging(["PATH": "/nonexistent"]) { $1 })
        #expect(noProgram.status == 0 && noProgram.stdout.hasSuffix("and not done yet ('pacer today' starts it)\n"), "\(noProgram)")
        let elsewhere = try Sandbox()
        let failing = try Self.fake("notify-send", in: elsewhere, status: 1)
        let failed = try await PacerProcess.run(["remind"], in: sandbox, environment: Self.desktop.merging(["PATH": failing.path]) { $1 })
        #expect(
            failed.status == 1 && failed.stdout.hasSuffix("('pacer today' starts it)\n")
                && failed.stderr.contains("did not show the reminder"),
            "the line is not lost when the notification fails: \(failed)")
        let extra = try await PacerProcess.run(["remind", "--cron"], in: sandbox)
        #expect(extra.stderrLines.first == "pacer: --cron goes with 'pacer remind install'", "\(extra)")
        #expect(extra.status == 2, "\(extra)")
    }

    /// Units that systemd's own tools accept: written from the plan, for a pacer and a config
    /// folder whose paths hold a space, `%` and `$`, and rewritten when the plan changes.
    @Test func installedUnitsAreWhatSystemdAcceptsAndOnlyPrintedWithoutAUserSystemd() async throws {
        let analyze = try #require(
            Tool.find("systemd-analyze"), "systemd-analyze is needed (Debian package systemd; scripts/test installs it)")
        let sandbox = try Sandbox()
        let odd = sandbox.directory.appendingPathComponent("odd $HOME 100%")
        try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
        let pacer = odd.appendingPathComponent("pacer")
        try FileManager.default.copyItem(atPath: PacerBinary.path, toPath: pacer.path)
        let config = odd.appendingPathComponent("config").path
        let systemctl = try Self.fake("systemctl", in: sandbox)
        let environment = ["XDG_CONFIG_HOME": config, "PATH": systemctl.path]
        try sandbox.write(
            "odd $HOME 100%/config/pacer/plan.json",
            """
            {"entries": [{"days": ["mon", "wed", "fri"], "time": "07:00", "workout": "seven-minute"},
                         {"days": ["mon"], "time": "00:10", "workout": "tabata"}, {"days": ["sat"], "workout": "tabata"}],
             "reminders": {"lead": "20m"}}
            """)
        let installed = try await PacerProcess.run(["remind", "install"], in: sandbox, environment: environment, executable: pacer)
        #expect(installed.status == 0, "\(installed)")
        let units = config + "/systemd/user"
        #expect(
            installed.stdoutLines.contains("wrote \(units)/pacer-remind.timer")
                && installed.stdoutLines.contains("wrote \(units)/pacer-remind.service"),
            "\(installed)")
        #expect(
            installed.stdoutLines.contains(
                "no user systemd to reach here; run: systemctl --user daemon-reload && systemctl --user enable --now pacer-remind.timer"),
            "\(installed)")
        #expect(!FileManager.default.fileExists(atPath: systemctl.arguments), "without a user systemd, systemctl is not run")

        let timer = try String(contentsOfFile: units + "/pacer-remind.timer", encoding: .utf8)
        let calendars = timer.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }.map {
            String($0.dropFirst("OnCalendar=".count))
        }
        #expect(
            calendars == ["Mon,Wed,Fri *-*-* 06:40:00", "Sat *-*-* 18:00:00", "Sun *-*-* 23:50:00"],
            "Monday 00:10 less 20m is Sunday 23:50: \(timer)")
        let verified = try await Tool.run(
            analyze, ["--user", "verify", units + "/pacer-remind.timer", units + "/pacer-remind.service"], in: sandbox,
            environment: ["XDG_RUNTIME_DIR": sandbox.runtime.path])
        #expect(verified.status == 0 && verified.stderr.isEmpty && verified.stdout.isEmpty, "\(verified)")
        for calendar in calendars {
            let normalized = try await Tool.run(analyze, ["calendar", calendar], in: sandbox)
            #expect(normalized.status == 0 && normalized.stdout.contains("Normalized form: \(calendar)\n"), "\(normalized)")
        }

        // With the user's systemd there, install rewrites the units for the plan as it is now and starts the timer.
        try sandbox.write(
            "odd $HOME 100%/config/pacer/plan.json", #"{"entries": [{"days": ["tue"], "time": "19:00", "workout": "tabata"}]}"#)
        try sandbox.write("runtime/systemd/private", "")
        let again = try await PacerProcess.run(
            ["remind", "install", "--lead", "1h"], in: sandbox, environment: environment, executable: pacer)
        #expect(again.status == 0 && again.stdoutLines.contains("  OnCalendar=Tue *-*-* 18:00:00"), "\(again)")
        #expect(
            try String(contentsOfFile: systemctl.arguments, encoding: .utf8)
                == "--user\ndaemon-reload\n--user\nenable\n--now\npacer-remind.timer\n")
        #expect(try String(contentsOfFile: units + "/pacer-remind.timer", encoding: .utf8).contains("OnCalendar=Tue *-*-* 18:00:00\n"))
        let reverified = try await Tool.run(
            analyze, ["--user", "verify", units + "/pacer-remind.timer", units + "/pacer-remind.service"], in: sandbox,
            environment: ["XDG_RUNTIME_DIR": sandbox.runtime.path])
        #expect(reverified.status == 0 && reverified.stderr.isEmpty, "\(reverified)")

        unlink(systemctl.arguments)
        let removed = try await PacerProcess.run(["remind", "uninstall"], in: sandbox, environment: environment, executable: pacer)
        #expect(removed.status == 0 && removed.stdoutLines.contains("removed \(units)/pacer-remind.timer"), "\(removed)")
        #expect(
            try String(contentsOfFile: systemctl.arguments, encoding: .utf8)
                == "--user\ndisable\n--now\npacer-remind.timer\n--user\ndaemon-reload\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: units).isEmpty)
        let none = try await PacerProcess.run(["remind", "uninstall"], in: sandbox, environment: environment, executable: pacer)
        #expect(none.status == 0 && none.stdout.hasPrefix("no reminders are installed"), "\(none)")
    }

    /// A pacer whose path has a quote, a backslash and an apostrophe (which systemd refuses in a
    /// program's path, however quoted) is run by /bin/sh, and a relative PACER_HISTORY is made
    /// absolute: the units run from another folder.
    @Test func aPathSystemdRefusesAsAProgramAndARelativeHistoryStillMakeUnitsItAccepts() async throws {
        let analyze = try #require(
            Tool.find("systemd-analyze"), "systemd-analyze is needed (Debian package systemd; scripts/test installs it)")
        let sandbox = try Sandbox()
        let odd = sandbox.directory.appendingPathComponent(#"say "hi" \ it's $HOME"#)
        try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
        let pacer = odd.appendingPathComponent("pacer")
        try FileManager.default.copyItem(atPath: PacerBinary.path, toPath: pacer.path)
        try Self.planToday(sandbox)
        let environment = ["PATH": "/usr/bin:/bin", "PACER_HISTORY": "data/history.sqlite3"]
        let installed = try await PacerProcess.run(
            ["remind", "install", "--lead", "1h"], in: sandbox, environment: environment, executable: pacer)
        #expect(installed.status == 0, "\(installed)")
        let units = sandbox.config.appendingPathComponent("systemd/user").path
        let service = try String(contentsOfFile: units + "/pacer-remind.service", encoding: .utf8)
        #expect(
            service.contains("Environment=\"PACER_HISTORY=\(sandbox.directory.resolvingSymlinksInPath().path)/data/history.sqlite3\"\n"),
            "\(service)")
        #expect(
            service.contains(
                #"ExecStart=/bin/sh -c 'exec "$$0" "$$@"' "# + "\"\(sandbox.directory.resolvingSymlinksInPath().path)"
                    + #"/say \"hi\" \\ it's $$HOME/pacer" remind --lead 60m --untimed 18:00"#), "\(service)")
        let verified = try await Tool.run(
            analyze, ["--user", "verify", units + "/pacer-remind.timer", units + "/pacer-remind.service"], in: sandbox,
            environment: ["XDG_RUNTIME_DIR": sandbox.runtime.path])
        #expect(verified.status == 0 && verified.stderr.isEmpty && verified.stdout.isEmpty, "\(verified)")

        // What the service runs, as /bin/sh runs it: this pacer, reminding with the lead the times were made with.
        let reminded = try await Tool.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", #"exec "$0" "$@""#, pacer.path, "remind", "--lead", "60m", "--untimed", "18:00"],
            in: sandbox, environment: ["PATH": "/usr/bin:/bin"])
        #expect(reminded.status == 0 && reminded.stdout.hasSuffix("and not done yet ('pacer today' starts it)\n"), "\(reminded)")
    }

    @Test func cronLinesSayTheSameAndNothingIsInstalledForAnEmptyPlan() async throws {
        let sandbox = try Sandbox()
        let empty = try await PacerProcess.run(["remind", "install"], in: sandbox)
        #expect(empty.status == 1 && empty.stderr.contains("nothing is planned"), "\(empty)")
        try TodayCommandTests.plan(
            sandbox, #"{"days": ["mon", "wed", "sun"], "time": "07:00", "workout": "tabata"}, {"days": ["daily"], "workout": "tabata"}"#)
        let invalid = try await PacerProcess.run(["remind", "install", "--cron"], in: sandbox)
        #expect(
            invalid.status == 1 && invalid.stderr.contains(#""daily" is not a day of the week"#),
            "the file takes days, not groups: \(invalid)")
        try TodayCommandTests.plan(
            sandbox, #"{"days": ["mon", "wed", "sun"], "time": "07:00", "workout": "tabata"}, {"days": ["sat"], "workout": "tabata"}"#)
        let cron = try await PacerProcess.run(["remind", "install", "--cron", "--untimed", "17:05"], in: sandbox)
        #expect(cron.status == 0 && cron.stderr.contains("crontab -e"), "\(cron)")
        let pacer = URL(fileURLWithPath: PacerBinary.path).resolvingSymlinksInPath().path
        #expect(
            cron.stdoutLines.count == 2 && cron.stdoutLines[0].hasPrefix("45 6 * * 0,1,3 XDG_CONFIG_HOME=\(sandbox.config.path) \(pacer)"),
            "\(cron)")
        #expect(
            cron.stdoutLines[0].hasSuffix(" remind --lead 15m --untimed 17:05 # pacer remind")
                && cron.stdoutLines[1].hasPrefix("5 17 * * 6 "), "\(cron)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.config.appendingPathComponent("systemd").path), "--cron writes no unit")
        for bad in [["--lead", "90s"], ["--lead", "13h"], ["--untimed", "7pm"]] {
            let refused = try await PacerProcess.run(["remind", "install"] + bad, in: sandbox)
            #expect(refused.status == 2, "\(refused)")
        }
    }
}
