import Foundation
import PacerTestSupport
import Testing

/// `pacer import`, and show and validate reading other apps' files directly.
@Suite("import")
struct ImportTests {

    @Test func anImportedFileValidatesAndShowsAsTheOriginalDoes() throws {
        let home = try CommandLineHome()
        let path = try home.write("short.zwo", OverUnders.zwo)
        let imported = home.call(["import", path])
        #expect(imported.status == 0 && imported.stdout.hasPrefix("{\n  \"pacer\": 1,\n  \"name\": \"Short over-unders\""), "\(imported)")
        // The cue is said in the first round only, and the IntervalsT stays one repeat of its rounds.
        #expect(
            imported.stderr
                == "\(path): \"Short over-unders\", 2 steps (\(1 + 2 * OverUnders.repeats) phases), \(OverUnders.seconds)s, no warnings\n",
            "\(imported)")
        #expect(imported.stdout.contains(#"{ "at": "3s", "text": "Go", "round": 1 }"#), "\(imported)")
        let json = try home.write("short.json", imported.stdout)
        let validated = home.call(["validate", json])
        #expect(validated.status == 0 && validated.stdout.contains("\(OverUnders.seconds)s"), "\(validated)")
        let formatted = home.call(["fmt", "--check", json])
        #expect(formatted.status == 0, "the import is laid out as fmt lays it out: \(formatted)")

        let catted = home.call(["cat", path])
        #expect(catted.status == 0 && catted.stdout == OverUnders.zwo, "cat shows the source as written: \(catted)")
        let fmt = home.call(["fmt", "-w", path])
        #expect(fmt.status == 1 && fmt.stderr.contains("is not a workout's JSON but a Zwift workout (.zwo); pacer import"), "\(fmt)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == OverUnders.zwo, "fmt -w leaves a .zwo alone")

        let shown = home.call(["show", path])
        #expect(shown.status == 0 && shown.stdout.contains("ramp 40–70 % FTP") && shown.stdout.contains("» 0:03  Go"), "\(shown)")
    }

    @Test func manyFilesGoToAFolderNeverOverAFileWithoutForce() throws {
        let home = try CommandLineHome()
        let zwo = try home.write("in/ride.zwo", OverUnders.zwo)
        let erg = try home.write("in/Course.ERG", OverUnders.erg)
        let folder = home.file("out")
        let missing = home.call(["import", "-d", folder, zwo, erg])
        #expect(
            missing.status == 1 && missing.stderr == "pacer: \(folder) is not a folder: create it first (mkdir -p \(folder))\n",
            "\(missing)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let first = home.call(["import", "-d", folder, zwo, erg])
        #expect(first.status == 0 && first.stdout.isEmpty, "\(first)")
        #expect(first.stderr.contains("\(erg): \"Course\", 2 steps (2 phases), 1m 30s, no warnings -> \(folder)/Course.json"), "\(first)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["Course.json", "ride.json"])

        try home.write("out/ride.json", "mine")
        let again = home.call(["import", "-d", folder, zwo])
        #expect(again.status == 1 && again.stderr.contains("\(folder)/ride.json exists; --force replaces it"), "\(again)")
        #expect(try String(contentsOfFile: "\(folder)/ride.json", encoding: .utf8) == "mine")
        let forced = home.call(["import", "--force", "-d", folder, zwo])
        let replaced = try String(contentsOfFile: "\(folder)/ride.json", encoding: .utf8)
        #expect(forced.status == 0 && replaced.contains("Short over-unders"), "\(forced)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }.isEmpty, "no temporary file left")
    }

    @Test func fromForcesTheFormatAndAWorkoutNeedsNoImport() throws {
        let home = try CommandLineHome()
        let text = try home.write("course.txt", "[COURSE DATA]\n0 80\n2 80\n")
        let mrc = home.call(["import", "--from", "mrc", text])
        #expect(mrc.status == 0 && mrc.stdout.contains("\"power\": \"80%\""), "\(mrc)")
        let notFIT = home.call(["import", "--from", "fit", text])
        #expect(notFIT.status == 1 && notFIT.stderr.contains("no FIT header"), "\(notFIT)")
        let json = try home.write("mine.json", #"{"name": "x", "steps": [{"work": "1m"}]}"#)
        let notNeeded = home.call(["import", json])
        #expect(notNeeded.status == 1 && notNeeded.stderr.contains("needs no import"), "\(notNeeded)")
    }

    @Test func badInputIsRefusedAtItsPlaceAndNothingIsWritten() throws {
        let home = try CommandLineHome()
        let out = home.file("out.json")
        let cases: [(String, Data, String)] = [
            ("empty.zwo", Data(), "empty.zwo:1:1: error: the file is empty"),
            (
                "junk.erg", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]),
                "junk.erg:3:1: error: the file holds a NUL byte"
            ),
            (
                "broken.zwo", Data("<workout_file>\n<workout>\n</workout_file>\n".utf8),
                "broken.zwo:3:3: error: the XML is malformed: mismatched tag"
            ),
            (
                "bomb.zwo",
                Data(
                    "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>\n<workout_file><name>&b;</name></workout_file>\n"
                        .utf8),
                "bomb.zwo:2:13: error: the file declares a document type"
            ),
            (
                "deep.zwo",
                Data(
                    ("<workout_file>" + String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
                        + "</workout_file>").utf8),
                "deep.zwo:1:204: error: elements nest more than 64 deep"
            ),
        ]
        for (name, data, message) in cases {
            let path = try home.write(name, data)
            let result = home.call(["import", "-o", out, path])
            #expect(result.status == 1 && result.stderr.hasPrefix(home.file(message)), "\(name): \(result)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(name): nothing is written")
        }
    }

    @Test func intervalsIcuTextImportsWithFromAndShowsByItsContent() throws {
        let home = try CommandLineHome()
        let (rounds, on, off) = (3, 40, 20)
        let text = "Main Set \(rounds)x\n- Push \(on)s 110%\n- \(off)s 50%\n"
        let path = try home.write("set.txt", text)
        let imported = home.call(["import", path, "--from", "icu"])
        #expect(imported.status == 0 && imported.stdout.contains("\"repeat\": \(rounds),\n      \"name\": \"Main Set\""), "\(imported)")
        #expect(
            imported.stderr == "\(path): \"set\", 1 step (\(2 * rounds) phases), \(rounds * (on + off) / 60)m, no warnings\n", "\(imported)"
        )
        let shown = home.call(["show", path])
        #expect(
            shown.status == 0 && shown.stdout.contains("Push") && shown.stdout.contains("110 % FTP"),
            "a .txt of plain icu text is known by its content: \(shown)")
        let notes = try home.write("notes.txt", "- buy milk\n")
        let refused = home.call(["import", notes])
        #expect(refused.status == 1 && refused.stderr.contains("--from zwo|erg|mrc|icu|yaml"), "\(refused)")
    }

    @Test func aYAMLWorkoutShowsWithItsIncludesAndRefusesOnesOutsideItsFolder() throws {
        let home = try CommandLineHome()
        let (warm, on, off, rounds) = (300, 60, 30, 4)
        _ = try home.write("plans/inc/warm.yaml", "- {type: warmup, duration: \"\(warm / 60):00\", power: 60, description: Spin up}\n")
        let body =
            "steps:\n  - !include inc/warm.yaml\n  - repeat: \(rounds)\n    steps:\n      - {duration: \(on), power: 110}\n      - {type: rest, duration: \(off), power: 50}\n"
        let path = try home.write("plans/vo2.yaml", "name: VO2\n" + body)
        let shown = home.call(["show", path])
        #expect(shown.status == 0 && shown.stdout.contains("Spin up") && shown.stdout.contains("110 % FTP"), "\(shown)")
        let imported = home.call(["import", path])
        #expect(
            imported.stderr == "\(path): \"VO2\", 2 steps (\(1 + 2 * rounds) phases), \((warm + rounds * (on + off)) / 60)m, no warnings\n",
            "\(imported)")

        let passwd = try home.write("plans/passwd.yaml", "name: P\nsteps:\n  - !include /etc/passwd\n")
        let refused = home.call(["show", passwd])
        #expect(refused.status == 1 && refused.stderr.contains("passwd.yaml:3:5: error: !include /etc/passwd is refused"), "\(refused)")
        _ = try home.write("secret.yaml", "- {duration: 60}\n")
        try FileManager.default.createSymbolicLink(
            atPath: home.file("plans/inc/out.yaml"), withDestinationPath: home.file("secret.yaml"))
        let linked = home.call(
            ["show", try home.write("plans/link.yaml", "name: L\nsteps:\n  - !include inc/out.yaml\n")])
        #expect(linked.status == 1 && linked.stderr.contains("it leads out of the workout's folder (by a link): refused"), "\(linked)")
    }
}
