import Foundation
import Testing

/// `pacer new` and `pacer edit`, end to end, with EDITOR a script that writes a bad file, then a good one.
@Suite("new and edit")
struct NewAndEditTests {
    static func workout(_ sandbox: Sandbox, _ name: String) -> String {
        sandbox.config.appendingPathComponent("pacer/workouts/\(name).json").path
    }

    @Test func newWritesALaidOutCheckedFileFromNotationACopyOrATemplate() async throws {
        let sandbox = try Sandbox()
        let made = try await PacerProcess.run(["new", "quick", "10s prepare, 3x(20s Sprint, 10s rest)"], in: sandbox)
        let path = Self.workout(sandbox, "quick")
        #expect(made.status == 0 && made.stdout == "created ~/config/pacer/workouts/quick.json: 7 phases, 1m 40s\n", "\(made)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let schema = PacerBinary.packageRoot.appendingPathComponent("workouts/schema.json").path
        #expect(text.hasPrefix("{\n  \"$schema\": \"\(schema)\",\n  \"name\": \"quick\",\n"), "run from the checkout, the checkout's schema: \(text)")
        let laidOut = try await PacerProcess.run(["fmt", "--check", path], in: sandbox)
        #expect(laidOut.status == 0, "\(laidOut)")

        let again = try await PacerProcess.run(["new", "quick", "30s"], in: sandbox)
        #expect(again.status == 1 && again.stderr.contains("exists; 'pacer edit quick' changes it, --force replaces it"), "\(again)")
        let forced = try await PacerProcess.run(["new", "quick", "30s", "--force"], in: sandbox)
        #expect(forced.status == 0 && forced.stdout.hasSuffix(": 1 phase, 30s\n"), "\(forced)")

        let copy = try await PacerProcess.run(["new", "mine", "--from", "tabata", "-o", "mine.json"], in: sandbox)
        #expect(copy.status == 0, "\(copy)")
        let copied = try String(contentsOfFile: sandbox.path("mine.json"), encoding: .utf8)
        #expect(copied.contains("\"name\": \"mine\"") && copied.contains("\"Sprint {round}/{rounds}\"") && !copied.contains("./schema.json"), "\(copied)")

        let template = try await PacerProcess.run(["new", "blank"], in: sandbox)
        let blank = try String(contentsOfFile: Self.workout(sandbox, "blank"), encoding: .utf8)
        #expect(template.status == 0 && blank.contains("\"$comment\""), "\(template)")

        let bad = try await PacerProcess.run(["new", "bad", "10s, x"], in: sandbox)
        #expect(bad.status == 1 && bad.stderr.hasPrefix("<notation>:1:6: error:") && !FileManager.default.fileExists(atPath: Self.workout(sandbox, "bad")), "\(bad)")
        let slash = try await PacerProcess.run(["new", "a/b"], in: sandbox)
        #expect(slash.status == 2, "\(slash)")
    }

    @Test func editChecksTheEditedFileAndKeepsAnInvalidCopyAsideWithoutATerminal() async throws {
        let sandbox = try Sandbox()
        _ = try await PacerProcess.run(["new", "quick", "10s prepare, 20s Sprint"], in: sandbox)
        let path = Self.workout(sandbox, "quick")
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let editor = try sandbox.write("editor.sh", """
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
        #expect(result.status == 0 && result.stderr.contains("tabata is built in, so it was copied to ~/config/pacer/workouts/tabata.json"), "\(result)")
        #expect(result.stderr.contains("no changes to"), "\(result)")
        let shown = try await PacerProcess.run(["show", "tabata"], in: sandbox)
        #expect(shown.stdoutLines.first?.hasSuffix("(\(Self.workout(sandbox, "tabata")))") == true, "the copy comes first on the search path: \(shown)")
        let failing = try await PacerProcess.run(["edit", "tabata"], in: sandbox, environment: ["EDITOR": "false"])
        #expect(failing.status == 1 && failing.stderr.contains("exited with status 1"), "\(failing)")
    }
}
