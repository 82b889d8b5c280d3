import Foundation
import Testing

/// A line of notation wherever a workout is taken, and `show --notation` back out.
@Suite("notation on the command line")
struct NotationCommandTests {
    @Test func aLineOfNotationShowsAndValidates() throws {
        let home = try CommandLineHome()
        let line = "2s prepare, 2x(1s Sprint, 1s rest), 1s cooldown"
        let validated = home.call(["validate", line, "--name", "Quick"])
        #expect(validated.status == 0 && validated.stdout == "ok  <notation>: 6 phases, 7s\n", "\(validated)")
        let shown = home.call(["show", line, "--name", "Quick"])
        #expect(shown.status == 0 && shown.stdoutLines.first == "Quick  (<notation>)", "\(shown)")
        let json = home.call(["cat", "30s Plank"])
        #expect(json.status == 0 && json.stdout == #"{"name":"30s Plank","steps":[{"work":"30s","name":"Plank"}]}"# + "\n", "\(json)")
    }

    @Test func anErrorPointsAtItsColumnWithACaret() throws {
        let home = try CommandLineHome()
        let result = home.call(["show", "10s prepare, 8x(20s Sprint, 10s rest"])
        #expect(result.status == 1 && result.stdout.isEmpty, "\(result)")
        #expect(
            result.stderrLines == [
                "<notation>:1:37: error: the line ends here, but the '(' at column 16 is not closed: expected ')'",
                "    10s prepare, 8x(20s Sprint, 10s rest",
                "                                        ^",
            ], "\(result)")
    }

    @Test func aNameOnTheSearchPathComesBeforeNotationAndATypoIsStillATypo() throws {
        let home = try CommandLineHome()
        try home.write("pacer-path/5x5.json", #"{"name": "Five by five", "steps": [{"reps": 5, "name": "Squat"}]}"#)
        let named = home.call(["show", "5x5"])
        #expect(named.status == 0 && named.stdoutLines.first?.hasPrefix("Five by five") == true, "\(named)")
        let typo = home.call(["show", "tabbata"])
        #expect(typo.status == 1 && typo.stderr.contains("did you mean \"tabata\"?"), "\(typo)")
        let misplacedName = home.call(["show", "tabata", "--name", "Mine"])
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

    @Test func showNotationPrintsTheLineAndNamesWhatItLeavesOut() throws {
        let home = try CommandLineHome()
        let tabata = home.call(["show", "--notation", "tabata"])
        #expect(
            tabata.status == 0
                && tabata.stdout
                    == "{halfway: true} {tags: hiit, tabata, cardio} 10s prepare Get ready {cue: Eight rounds, twenty seconds flat out}, "
                    + "8x(20s Sprint {round}/{rounds} {cue: All out!}) / 10s {name: Tabata}, 2m cooldown Cool down {cue: Walk it off, breathe slowly through your nose}\n",
            "\(tabata)")
        #expect(tabata.stderr == "pacer: the line leaves out the name and the description (give the name with --name)\n", "\(tabata)")
        let again = home.call(["show", "--json", tabata.stdout.trimmingCharacters(in: .newlines)])
        let original = home.call(["show", "--json", "tabata"])
        #expect(try Self.phases(again.stdout) == Self.phases(original.stdout), "the same phases: \(again)")
        let four = home.call(["show", "--notation", "tabata-four"])
        #expect(
            four.status == 0 && four.stdout.contains("for(Squats, Push-ups, Lunges, Burpees)(8x(20s {item} {round}/{rounds}) / 10s) / 1m"),
            "\(four)")
        let fourAgain = home.call(["show", "--json", four.stdout.trimmingCharacters(in: .newlines)])
        let fourOriginal = home.call(["show", "--json", "tabata-four"])
        #expect(
            fourAgain.stdout.split(separator: "\n").dropFirst() == fourOriginal.stdout.split(separator: "\n").dropFirst(),
            "the same phases: \(fourAgain)")
    }

    // Issue 33, items 14 and 15: what cannot come back is refused with a reason, and a phase's
    // own halfway is written as a note.
    @Test func showNotationRefusesAControlCharacterAndWritesAPhasesHalfway() throws {
        let home = try CommandLineHome()
        let tab = try home.write("tab.json", #"{"name": "T", "steps": [{"work": 20, "name": "a\tb"}]}"#)
        let refused = home.call(["show", "--notation", tab])
        #expect(refused.status == 1 && refused.stdout.isEmpty, "\(refused)")
        #expect(
            refused.stderr
                == "pacer: \(tab) cannot be written as one line: steps[0].name has a control or direction character (\\u{9}) in it, "
                + "which a line of notation cannot carry\n", "\(refused)")
        let half = try home.write(
            "half.json", #"{"name": "H", "steps": [{"work": 20, "name": "A", "halfway": true}, {"reps": 2, "name": "B", "weight": 1e21}]}"#)
        let written = home.call(["show", "--notation", half])
        #expect(written.status == 0 && written.stdout == "20s A {halfway: true}, 2 reps B @ 1000000000000000000000\n", "\(written)")
        #expect(written.stderr == "pacer: the line leaves out the name (give the name with --name)\n", "\(written)")
    }
}
