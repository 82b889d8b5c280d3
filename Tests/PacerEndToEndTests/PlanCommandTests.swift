import Foundation
import Glibc
import Testing

/// `pacer plan` where a process is the point: editing with $EDITOR, a plan file that is hostile, a
/// FIFO, or cannot be written (adding, showing and removing are tested in-process, in PacerCommandsTests).
@Suite("plan command")
struct PlanCommandTests {
    /// The plan file in the sandbox.
    static func planPath(_ sandbox: Sandbox) -> String {
        sandbox.config.appendingPathComponent("pacer/plan.json").path
    }

    @Test func todayRefusesAPlanThatNamesAWorkoutGoneMissing() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            "home/config/pacer/plan.json", #"{"entries": [{"days": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "workout": "gone"}]}"#
        )
        let today = try await PacerProcess.run(["today", "--speed", "50"], in: sandbox)
        #expect(today.status == 1 && today.stderr.contains(#"no workout named "gone""#), "\(today)")
    }

    @Test func aHostileOrBrokenPlanFileIsAClearErrorAndNeverChanged() async throws {
        let sandbox = try Sandbox()
        let path = Self.planPath(sandbox)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)

        // A FIFO nobody writes is refused at once, not waited on.
        #expect(mkfifo(path, 0o644) == 0)
        let fifo = try await PacerProcess.run(["plan"], in: sandbox, timeout: 5)
        #expect(fifo.status == 1 && fifo.stderr.contains("plan.json: it is a FIFO, not a regular file"), "\(fifo)")
        let addToFifo = try await PacerProcess.run(["plan", "add", "mon", "tabata"], in: sandbox, timeout: 5)
        #expect(addToFifo.status == 1, "\(addToFifo)")
        unlink(path)

        // Too big to be a plan.
        try Data(repeating: UInt8(ascii: " "), count: (1 << 20) + 1).write(to: URL(fileURLWithPath: path))
        let huge = try await PacerProcess.run(["plan"], in: sandbox)
        #expect(huge.status == 1 && huge.stderr.contains("more than the 1 MiB the plan may have"), "\(huge)")

        // Malformed, with escape sequences in a workout: every problem, placed, and nothing raw reaches the terminal.
        let broken =
            #"{"entries": [{"days": ["mno"], "workout": "tab\u001b]0;owned\u0007ata"}, {"days": ["tue"], "tiem": "7:00", "workout": "x"}]}"#
        try Data(broken.utf8).write(to: URL(fileURLWithPath: path))
        let malformed = try await PacerProcess.run(["plan"], in: sandbox)
        #expect(malformed.status == 1, "\(malformed)")
        #expect(
            malformed.stderr.contains(#"~/config/pacer/plan.json:1:24: error: "mno" is not a day of the week (did you mean "mon"?)"#),
            "\(malformed)")
        #expect(malformed.stderr.contains(#"unknown key "tiem" (did you mean "time"?)"#), "\(malformed)")
        #expect(malformed.stderr.contains(#""workout" holds control characters"#), "\(malformed)")
        #expect(!malformed.stderr.contains("\u{1B}") && !malformed.stderr.contains("\u{7}"), "\(malformed)")
        for command in [["plan", "add", "wed", "tabata"], ["plan", "remove", "1"], ["today"], ["remind"], ["remind", "install"]] {
            let refused = try await PacerProcess.run(command, in: sandbox)
            #expect(refused.status == 1 && refused.stderr.contains("error: \"mno\" is not a day"), "\(refused)")
            #expect(!refused.stderr.contains("\u{1B}"), "\(refused)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == broken, "an invalid plan is never rewritten")
        let stats = try await PacerProcess.run(["stats"], in: sandbox)
        #expect(stats.status == 0 && stats.stderr.contains("the statistics go without the plan"), "\(stats)")
    }

    @Test func editSavesOnlyAValidPlanAndKeepsTheCopyOtherwise() async throws {
        let sandbox = try Sandbox()
        let editor = try sandbox.write(
            "editor.sh",
            """
            #!/bin/sh
            n=$(cat "$(dirname "$0")/count" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$(dirname "$0")/count"
            case $n in
              1) printf '{"entries": [{"days": ["mno"], "workout": "tabata"}]}' > "$1" ;;
              2) printf '{"entries": [{"days": ["mon"], "workout": "tabbata"}]}' > "$1" ;;
              *) printf '{"entries": [{"days": ["mon"], "time": "06:30", "workout": "tabata"}]}' > "$1" ;;
            esac
            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor)
        let copy = sandbox.config.appendingPathComponent("pacer/.plan.edit.json").path

        let untouched = try await PacerProcess.run(["plan", "edit"], in: sandbox, environment: ["EDITOR": "true"])
        #expect(untouched.status == 0 && untouched.stderr.contains("no changes to"), "\(untouched)")
        #expect(!FileManager.default.fileExists(atPath: Self.planPath(sandbox)), "the template is not saved unless edited")

        let first = try await PacerProcess.run(["plan", "edit"], in: sandbox, environment: ["EDITOR": editor])
        #expect(first.status == 1 && first.stderr.contains(".plan.edit.json:1:24: error: \"mno\" is not a day"), "\(first)")
        #expect(first.stderr.contains("the edited copy is kept in \(copy) (pacer plan edit goes on with it)"), "\(first)")
        #expect(!FileManager.default.fileExists(atPath: Self.planPath(sandbox)), "no invalid plan is saved")

        let second = try await PacerProcess.run(["plan", "edit"], in: sandbox, environment: ["EDITOR": editor])
        #expect(second.status == 1 && second.stderr.contains(#".plan.edit.json: error: entry 1: no workout named "tabbata""#), "\(second)")

        let third = try await PacerProcess.run(["plan", "edit"], in: sandbox, environment: ["EDITOR": editor])
        #expect(third.status == 0 && third.stdout == "saved ~/config/pacer/plan.json\n", "\(third)")
        #expect(try String(contentsOfFile: Self.planPath(sandbox), encoding: .utf8).contains("06:30"))
        #expect(!FileManager.default.fileExists(atPath: copy))
    }

    @Test func aCopyKeptBeforePlanAddNeverUndoesItAndAddWritesThroughALink() async throws {
        let sandbox = try Sandbox()
        let target = try sandbox.write("dotfiles/plan.json", #"{"entries": []}"#)
        try FileManager.default.createDirectory(at: sandbox.config.appendingPathComponent("pacer"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: Self.planPath(sandbox), withDestinationPath: target)
        let quit = try NewAndEditTests.editor(
            sandbox, "cq.sh", writing: #"{"entries": [{"days": ["sun"], "workout": "tabata"}]}"#, status: 1)
        let abandoned = try await PacerProcess.run(["plan", "edit"], in: sandbox, environment: ["EDITOR": quit])
        #expect(abandoned.status == 1, "\(abandoned)")

        let added = try await PacerProcess.run(["plan", "add", "mon", "400m Run"], in: sandbox)
        #expect(
            added.status == 0 && added.stderr.contains(#""m" means minutes, not metres"#), "plan add shows the workout's warnings: \(added)"
        )
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: Self.planPath(sandbox)) == target, "the link stays a link")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("400m Run"), "the target gets the entry")

        let reopened = try await PacerProcess.run(["plan", "edit"], in: sandbox, environment: ["EDITOR": "true"])
        let aside = sandbox.config.appendingPathComponent("pacer/.plan.edit.old.json").path
        #expect(reopened.status == 0 && reopened.stderr.contains("it is now \(aside)"), "\(reopened)")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("400m Run"), "the entry added since stays")
        #expect(try String(contentsOfFile: aside, encoding: .utf8).contains("sun"), "and so does the abandoned edit")
    }

    @Test func aConfigFolderThatCannotBeWrittenLeavesThePlanAsItWas() async throws {
        let sandbox = try Sandbox()
        let added = try await PacerProcess.run(["plan", "add", "mon", "tabata"], in: sandbox)
        #expect(added.status == 0, "\(added)")
        let before = try String(contentsOfFile: Self.planPath(sandbox), encoding: .utf8)

        // The config folder is a file: nothing can be made in it.
        let file = try sandbox.write("not-a-folder", "")
        let underAFile = try await PacerProcess.run(["plan", "add", "tue", "tabata"], in: sandbox, environment: ["XDG_CONFIG_HOME": file])
        #expect(
            underAFile.status == 1 && underAFile.stderr.contains("cannot create the folder")
                && underAFile.stderr.contains("the plan is unchanged"),
            "\(underAFile)")

        // A disk too full to take the new plan: no file may grow (ulimit -f 0; SIGXFSZ ignored, so a write fails instead).
        let full = try await PacerProcess.run(
            ["-c", #"trap "" XFSZ; ulimit -f 0; exec "$0" "$@""#, PacerBinary.path, "plan", "add", "tue", "tabata"],
            in: sandbox, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(full.status == 1 && full.stderr.contains("File too large") && full.stderr.contains("the plan is unchanged"), "\(full)")
        #expect(try String(contentsOfFile: Self.planPath(sandbox), encoding: .utf8) == before, "nothing is lost on a full disk")

        // A read-only folder (tried as another user when the tests run as root, who may write anywhere).
        let folder = (Self.planPath(sandbox) as NSString).deletingLastPathComponent
        chmod(folder, 0o555)
        defer { chmod(folder, 0o755) }
        let readOnly: PacerResult
        if getuid() == 0 {
            let setpriv = try #require(Tool.find("setpriv"), "setpriv is needed to try a read-only folder as root")
            for path in [sandbox.directory.path, sandbox.home.path, sandbox.config.path] { chmod(path, 0o755) }
            readOnly = try await PacerProcess.run(
                ["--reuid=65534", "--regid=65534", "--clear-groups", PacerBinary.path, "plan", "add", "tue", "tabata"],
                in: sandbox, executable: setpriv)
        } else {
            readOnly = try await PacerProcess.run(["plan", "add", "tue", "tabata"], in: sandbox)
        }
        #expect(
            readOnly.status == 1 && readOnly.stderr.contains("Permission denied") && readOnly.stderr.contains("the plan is unchanged"),
            "\(readOnly)")
        #expect(try String(contentsOfFile: Self.planPath(sandbox), encoding: .utf8) == before, "nothing is lost")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(left == ["plan.json"], "no temporary file is left behind: \(left)")
    }
}
