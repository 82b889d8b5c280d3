import Foundation
import Testing

/// A line of notation wherever a workout is taken, and `show --notation` back out.
@Suite("notation on the command line")
struct NotationCommandTests {
    @Test func aLineOfNotationRunsShowsAndValidates() async throws {
        let sandbox = try Sandbox()
        let line = "2s prepare, 2x(1s Sprint, 1s rest), 1s cooldown"
        let run = try await PacerProcess.run(["run", line, "--speed", "20", "--no-history", "--log", "log.jsonl"], in: sandbox)
        #expect(run.status == 0 && run.summaryLine?.hasPrefix("Workout complete.") == true, "\(run)")
        let log = try String(contentsOfFile: sandbox.path("log.jsonl"), encoding: .utf8)
        #expect(
            log.contains(#""workout":"2s prepare, 2x(1s Sprint, 1s rest), 1s cooldown""#) && log.contains(#""file":"<notation>""#), "\(log)"
        )
        let validated = try await PacerProcess.run(["validate", line, "--name", "Quick"], in: sandbox)
        #expect(validated.status == 0 && validated.stdout == "ok  <notation>: 6 phases, 7s\n", "\(validated)")
        let shown = try await PacerProcess.run(["show", line, "--name", "Quick"], in: sandbox)
        #expect(shown.status == 0 && shown.stdoutLines.first == "Quick  (<notation>)", "\(shown)")
        let json = try await PacerProcess.run(["cat", "30s Plank"], in: sandbox)
        #expect(json.status == 0 && json.stdout == #"{"name":"30s Plank","steps":[{"work":"30s","name":"Plank"}]}"# + "\n", "\(json)")
    }

    @Test func anErrorPointsAtItsColumnWithACaret() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["show", "10s prepare, 8x(20s Sprint, 10s rest"], in: sandbox)
        #expect(result.status == 1 && result.stdout.isEmpty, "\(result)")
        #expect(
            result.stderrLines == [
                "<notation>:1:37: error: the line ends here, but the '(' at column 16 is not closed: expected ')'",
                "    10s prepare, 8x(20s Sprint, 10s rest",
                "                                        ^",
            ], "\(result)")
    }

    @Test func aNameOnTheSearchPathComesBeforeNotationAndATypoIsStillATypo() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("pacer-path/5x5.json", #"{"name": "Five by five", "steps": [{"reps": 5, "name": "Squat"}]}"#)
        let named = try await PacerProcess.run(["show", "5x5"], in: sandbox)
        #expect(named.status == 0 && named.stdoutLines.first?.hasPrefix("Five by five") == true, "\(named)")
        let typo = try await PacerProcess.run(["show", "tabbata"], in: sandbox)
        #expect(typo.status == 1 && typo.stderr.contains("did you mean \"tabata\"?"), "\(typo)")
        let misplacedName = try await PacerProcess.run(["show", "tabata", "--name", "Mine"], in: sandbox)
        #expect(
            misplacedName.status == 1 && misplacedName.stderr.contains("--name names a workout written as a line of notation"),
            "\(misplacedName)")
    }

    /// Each phase of `show --json` as the round trip keeps it: kind, name, duration, reps, weight.
    static func phases(_ json: String) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let phases = try #require(document["phases"] as? [[String: Any]])
        return phases.map { phase in ["kind", "name", "duration", "reps", "weight"].map { "\(phase[$0] ?? "-")" }.joined(separator: " ") }
    }

    @Test func showNotationPrintsTheLineAndNamesWhatItLeavesOut() async throws {
        let sandbox = try Sandbox()
        let tabata = try await PacerProcess.run(["show", "--notation", "tabata"], in: sandbox)
        #expect(
            tabata.status == 0
                && tabata.stdout
                    == "{halfway: true} {tags: hiit, tabata, cardio} 10s prepare Get ready {cue: Eight rounds, twenty seconds flat out}, "
                    + "8x(20s Sprint {round}/{rounds} {cue: All out!}) / 10s {name: Tabata}, 2m cooldown Cool down {cue: Walk it off, breathe slowly through your nose}\n",
            "\(tabata)")
        #expect(tabata.stderr == "pacer: the line leaves out the name and the description (give the name with --name)\n", "\(tabata)")
        let again = try await PacerProcess.run(["show", "--json", tabata.stdout.trimmingCharacters(in: .newlines)], in: sandbox)
        let original = try await PacerProcess.run(["show", "--json", "tabata"], in: sandbox)
        #expect(try Self.phases(again.stdout) == Self.phases(original.stdout), "the same phases: \(again)")
        let four = try await PacerProcess.run(["show", "--notation", "tabata-four"], in: sandbox)
        #expect(
            four.status == 0 && four.stdout.contains("for(Squats, Push-ups, Lunges, Burpees)(8x(20s {item} {round}/{rounds}) / 10s) / 1m"),
            "\(four)")
        let fourAgain = try await PacerProcess.run(["show", "--json", four.stdout.trimmingCharacters(in: .newlines)], in: sandbox)
        let fourOriginal = try await PacerProcess.run(["show", "--json", "tabata-four"], in: sandbox)
        #expect(
            fourAgain.stdout.split(separator: "\n").dropFirst() == fourOriginal.stdout.split(separator: "\n").dropFirst(),
            "the same phases: \(fourAgain)")
    }

    // Issue 33, items 14 and 15: what cannot come back is refused with a reason, and a phase's
    // own halfway is written as a note.
    @Test func showNotationRefusesAControlCharacterAndWritesAPhasesHalfway() async throws {
        let sandbox = try Sandbox()
        let tab = try sandbox.write("tab.json", #"{"name": "T", "steps": [{"work": 20, "name": "a\tb"}]}"#)
        let refused = try await PacerProcess.run(["show", "--notation", tab], in: sandbox)
        #expect(refused.status == 1 && refused.stdout.isEmpty, "\(refused)")
        #expect(
            refused.stderr
                == "pacer: \(tab) cannot be written as one line: steps[0].name has a control or direction character (\\u{9}) in it, "
                + "which a line of notation cannot carry\n", "\(refused)")
        let half = try sandbox.write(
            "half.json", #"{"name": "H", "steps": [{"work": 20, "name": "A", "halfway": true}, {"reps": 2, "name": "B", "weight": 1e21}]}"#)
        let written = try await PacerProcess.run(["show", "--notation", half], in: sandbox)
        #expect(written.status == 0 && written.stdout == "20s A {halfway: true}, 2 reps B @ 1000000000000000000000\n", "\(written)")
        #expect(written.stderr == "pacer: the line leaves out the name (give the name with --name)\n", "\(written)")
    }
}
