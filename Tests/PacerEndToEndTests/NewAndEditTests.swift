import Foundation
import Testing

/// `pacer edit` (and `pacer new` before it), end to end, with EDITOR a script that writes a bad file, then a good one.
@Suite("new and edit")
struct NewAndEditTests {
    static func workout(_ sandbox: Sandbox, _ name: String) -> String {
        sandbox.config.appendingPathComponent("pacer/workouts/\(name).json").path
    }

    @Test func editChecksTheEditedFileAndKeepsAnInvalidCopyAsideWithoutATerminal() async throws {
        let sandbox = try Sandbox()
        _ = try await PacerProcess.run(["new", "quick", "10s prepare, 20s Sprint"], in: sandbox)
        let path = Self.workout(sandbox, "quick")
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let editor = try sandbox.write(
            "editor.sh",
            """
            #!/bin/sh
            n=$(cat "$(dirname "$0")/count" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$(dirname "$0")/count"
            if [ $n = 1 ]; then printf '{"name": "Q", "steps": [{"wrok": 1}]}' > "$1"; else printf '{"name": "Q", "steps": [{"work": 5}]}' > "$1"; fi
            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor)
        let copy = sandbox.config.appendingPathComponent("pacer/workouts/.quick.edit.json").path

        let first = try await PacerProcess.run(["edit", "quick"], in: sandbox, environment: ["EDITOR": editor])
        #expect(first.status == 1 && first.stderr.contains(".quick.edit.json: error: at steps[0]: unknown key \"wrok\""), "\(first)")
        #expect(first.stderr.contains("\(path) stays as it was; the edited copy is kept in \(copy)"), "\(first)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original, "the valid file is not replaced by an invalid one")
        #expect(FileManager.default.fileExists(atPath: copy))
        let listed = try await PacerProcess.run(["list", "--names"], in: sandbox)
        #expect(!listed.stdout.contains(".quick"), "the copy is no workout of its own: \(listed)")

        let second = try await PacerProcess.run(["edit", "quick"], in: sandbox, environment: ["VISUAL": editor, "EDITOR": "false"])
        #expect(second.status == 0 && second.stdout == "saved ~/config/pacer/workouts/quick.json: 1 phase, 5s\n", "\(second)")
        #expect(second.stderr.contains("going on with the edited copy"), "\(second)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == #"{"name": "Q", "steps": [{"work": 5}]}"#)
        #expect(!FileManager.default.fileExists(atPath: copy))
    }

    @Test func editingABuiltInCopiesItFirst() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["edit", "tabata"], in: sandbox, environment: ["EDITOR": "true"])
        #expect(
            result.status == 0 && result.stderr.contains("tabata is built in, so it was copied to ~/config/pacer/workouts/tabata.json"),
            "\(result)")
        #expect(result.stderr.contains("no changes to"), "\(result)")
        let shown = try await PacerProcess.run(["show", "tabata"], in: sandbox)
        #expect(
            shown.stdoutLines.first?.hasSuffix("(\(Self.workout(sandbox, "tabata")))") == true,
            "the copy comes first on the search path: \(shown)")
        let failing = try await PacerProcess.run(["edit", "tabata"], in: sandbox, environment: ["EDITOR": "false"])
        #expect(failing.status == 1 && failing.stderr.contains("exited with status 1"), "\(failing)")
    }

    /// An editor script that writes `text` into the copy and exits with `status` (1 as vim's `:cq`).
    static func editor(_ sandbox: Sandbox, _ name: String, writing text: String, status: Int32) throws -> String {
        let editor = try sandbox.write(name, "#!/bin/sh\nprintf '%s' '\(text)' > \"$1\"\nexit \(status)\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor)
        return editor
    }

    @Test func aKeptCopyNeverReplacesAFileChangedSinceItWasMade() async throws {
        let sandbox = try Sandbox()
        _ = try await PacerProcess.run(["new", "quick", "20s Sprint"], in: sandbox)
        let path = Self.workout(sandbox, "quick")
        let copy = sandbox.config.appendingPathComponent("pacer/workouts/.quick.edit.json").path
        let aside = sandbox.config.appendingPathComponent("pacer/workouts/.quick.edit.old.json").path
        let quit = try Self.editor(sandbox, "cq.sh", writing: #"{"name": "Q", "steps": [{"work": 7}]}"#, status: 1)

        let abandoned = try await PacerProcess.run(["edit", "quick"], in: sandbox, environment: ["EDITOR": quit])
        #expect(abandoned.status == 1 && FileManager.default.fileExists(atPath: copy), "\(abandoned)")
        let newer = #"{"name": "Q", "steps": [{"work": 9}]}"#
        try newer.write(toFile: path, atomically: false, encoding: .utf8)

        let reopened = try await PacerProcess.run(["edit", "quick"], in: sandbox, environment: ["EDITOR": "true"])
        #expect(
            reopened.status == 0 && reopened.stderr.contains("the edited copy kept in \(copy) was made before \(path) last changed"),
            "\(reopened)")
        #expect(
            reopened.stderr.contains("it is now \(aside) (compare: diff -u \(path) \(aside))") && reopened.stderr.contains("no changes to"),
            "\(reopened)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == newer, "the hand edit stays")
        #expect(
            try String(contentsOfFile: aside, encoding: .utf8) == #"{"name": "Q", "steps": [{"work": 7}]}"#, "the abandoned edit is kept")
        #expect(!FileManager.default.fileExists(atPath: copy))

        let again = try await PacerProcess.run(["edit", "quick"], in: sandbox, environment: ["EDITOR": quit])
        #expect(again.status == 1, "\(again)")
        let continued = try await PacerProcess.run(["edit", "quick"], in: sandbox, environment: ["EDITOR": "true"])
        #expect(
            continued.status == 0 && continued.stderr.contains("going on with the edited copy"),
            "the file did not change, so the copy goes on: \(continued)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == #"{"name": "Q", "steps": [{"work": 7}]}"#)
    }

    @Test func aFileChangedDuringTheEditIsNotReplaced() async throws {
        let sandbox = try Sandbox()
        _ = try await PacerProcess.run(["new", "quick", "20s Sprint"], in: sandbox)
        let path = Self.workout(sandbox, "quick")
        let editor = try sandbox.write(
            "meanwhile.sh",
            """
            #!/bin/sh
            printf '{"name": "Q", "steps": [{"work": 3}]}' > "\(path)"
            printf '{"name": "Q", "steps": [{"work": 7}]}' > "$1"
            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor)
        let result = try await PacerProcess.run(["edit", "quick"], in: sandbox, environment: ["EDITOR": editor])
        #expect(
            result.status == 1 && result.stderr.contains("\(path) changed while it was being edited, so it is not replaced"), "\(result)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == #"{"name": "Q", "steps": [{"work": 3}]}"#)
    }

    @Test func editWritesThroughALinkAndKeepsAPrivateFilePrivate() async throws {
        let sandbox = try Sandbox()
        let target = try sandbox.write("dotfiles/quick.json", #"{"name": "Q", "steps": [{"work": 5}]}"#)
        chmod(target, 0o600)
        let link = Self.workout(sandbox, "quick")
        try FileManager.default.createDirectory(atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../../../../dotfiles/quick.json")
        let editor = try sandbox.write(
            "mode.sh",
            """
            #!/bin/sh
            stat -c %a "$1" > "\(sandbox.path("mode"))"
            printf '{"name": "Q", "steps": [{"work": 6}]}' > "$1"
            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor)
        let result = try await PacerProcess.run(["edit", "quick"], in: sandbox, environment: ["VISUAL": " ", "EDITOR": editor])
        #expect(result.status == 0, "a blank VISUAL counts as unset: \(result)")
        #expect(try String(contentsOfFile: sandbox.path("mode"), encoding: .utf8) == "600\n", "the copy is as private as the file")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../../../../dotfiles/quick.json", "the link stays a link")
        #expect(
            try String(contentsOfFile: target, encoding: .utf8) == #"{"name": "Q", "steps": [{"work": 6}]}"#, "the target gets the change")
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int == 0o600)
    }

}
