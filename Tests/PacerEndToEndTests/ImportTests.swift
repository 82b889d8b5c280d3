import Foundation
import Testing

/// `pacer import`, and run, show and validate reading other apps' files directly.
@Suite("import")
struct ImportTests {
    static let (warmup, on, off, repeats) = (20, 10, 5, 2)
    static let zwo = """
        <workout_file>
          <name>Short over-unders</name>
          <workout>
            <Warmup Duration="\(warmup)" PowerLow="0.4" PowerHigh="0.7"/>
            <IntervalsT Repeat="\(repeats)" OnDuration="\(on)" OffDuration="\(off)" OnPower="1.2" OffPower="0.5">
              <textevent timeoffset="3" message="Go"/>
            </IntervalsT>
          </workout>
        </workout_file>

        """
    static let seconds = warmup + repeats * (on + off)
    static let erg = "[COURSE HEADER]\nMINUTES WATTS\n[END COURSE HEADER]\n[COURSE DATA]\n0 150\n1 150\n1 250\n1.5 250\n[END COURSE DATA]\n"

    @Test func anImportedFileValidatesAndRunsAsTheOriginalDoes() async throws {
        let sandbox = try Sandbox()
        let path = try sandbox.write("short.zwo", Self.zwo)
        let imported = try await PacerProcess.run(["import", path], in: sandbox)
        #expect(imported.status == 0 && imported.stdout.hasPrefix("{\n  \"pacer\": 1,\n  \"name\": \"Short over-unders\""), "\(imported)")
        // The cue is said in the first round only, and the IntervalsT stays one repeat of its rounds.
        #expect(
            imported.stderr == "\(path): \"Short over-unders\", 2 steps (\(1 + 2 * Self.repeats) phases), \(Self.seconds)s, no warnings\n",
            "\(imported)")
        #expect(imported.stdout.contains(#"{ "at": "3s", "text": "Go", "round": 1 }"#), "\(imported)")
        let json = try sandbox.write("short.json", imported.stdout)
        let validated = try await PacerProcess.run(["validate", json], in: sandbox)
        #expect(validated.status == 0 && validated.stdout.contains("\(Self.seconds)s"), "\(validated)")
        let formatted = try await PacerProcess.run(["fmt", "--check", json], in: sandbox)
        #expect(formatted.status == 0, "the import is laid out as fmt lays it out: \(formatted)")

        let catted = try await PacerProcess.run(["cat", path], in: sandbox)
        #expect(catted.status == 0 && catted.stdout == Self.zwo, "cat shows the source as written: \(catted)")
        let fmt = try await PacerProcess.run(["fmt", "-w", path], in: sandbox)
        #expect(fmt.status == 1 && fmt.stderr.contains("is not a workout's JSON but a Zwift workout (.zwo); pacer import"), "\(fmt)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.zwo, "fmt -w leaves a .zwo alone")

        let shown = try await PacerProcess.run(["show", path], in: sandbox)
        #expect(shown.status == 0 && shown.stdout.contains("ramp 40–70 % FTP") && shown.stdout.contains("» 0:03  Go"), "\(shown)")
        let log = sandbox.path("run.log")
        let run = try await PacerProcess.run(["run", "--speed", "100", "--log", log, path], in: sandbox)
        #expect(run.status == 0, "\(run)")
        let starts = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.contains("\"phase.start\"") }
        #expect(starts.count == 1 + 2 * Self.repeats && starts[1].contains("\"power\":{\"unit\":\"ftp\",\"start\":[1.2,1.2]"), "\(starts)")
    }

    @Test func manyFilesGoToAFolderNeverOverAFileWithoutForce() async throws {
        let sandbox = try Sandbox()
        let zwo = try sandbox.write("in/ride.zwo", Self.zwo)
        let erg = try sandbox.write("in/Course.ERG", Self.erg)
        let folder = sandbox.path("out")
        let missing = try await PacerProcess.run(["import", "-d", folder, zwo, erg], in: sandbox)
        #expect(
            missing.status == 1 && missing.stderr == "pacer: \(folder) is not a folder: create it first (mkdir -p \(folder))\n",
            "\(missing)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let first = try await PacerProcess.run(["import", "-d", folder, zwo, erg], in: sandbox)
        #expect(first.status == 0 && first.stdout.isEmpty, "\(first)")
        #expect(first.stderr.contains("\(erg): \"Course\", 2 steps (2 phases), 1m 30s, no warnings -> \(folder)/Course.json"), "\(first)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["Course.json", "ride.json"])

        try sandbox.write("out/ride.json", "mine")
        let again = try await PacerProcess.run(["import", "-d", folder, zwo], in: sandbox)
        #expect(again.status == 1 && again.stderr.contains("\(folder)/ride.json exists; --force replaces it"), "\(again)")
        #expect(try String(contentsOfFile: "\(folder)/ride.json", encoding: .utf8) == "mine")
        let forced = try await PacerProcess.run(["import", "--force", "-d", folder, zwo], in: sandbox)
        let replaced = try String(contentsOfFile: "\(folder)/ride.json", encoding: .utf8)
        #expect(forced.status == 0 && replaced.contains("Short over-unders"), "\(forced)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }.isEmpty, "no temporary file left")
    }

    @Test func fromForcesTheFormatAndAWorkoutNeedsNoImport() async throws {
        let sandbox = try Sandbox()
        let text = try sandbox.write("course.txt", "[COURSE DATA]\n0 80\n2 80\n")
        let mrc = try await PacerProcess.run(["import", "--from", "mrc", text], in: sandbox)
        #expect(mrc.status == 0 && mrc.stdout.contains("\"power\": \"80%\""), "\(mrc)")
        let notFIT = try await PacerProcess.run(["import", "--from", "fit", text], in: sandbox)
        #expect(notFIT.status == 1 && notFIT.stderr.contains("no FIT header"), "\(notFIT)")
        let json = try sandbox.write("mine.json", #"{"name": "x", "steps": [{"work": "1m"}]}"#)
        let notNeeded = try await PacerProcess.run(["import", json], in: sandbox)
        #expect(notNeeded.status == 1 && notNeeded.stderr.contains("needs no import"), "\(notNeeded)")
    }

    @Test func badInputIsRefusedAtItsPlaceAndNothingIsWritten() async throws {
        let sandbox = try Sandbox()
        let out = sandbox.path("out.json")
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
            let path = try sandbox.write(name, data)
            let result = try await PacerProcess.run(["import", "-o", out, path], in: sandbox)
            #expect(result.status == 1 && result.stderr.hasPrefix(sandbox.path(message)), "\(name): \(result)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(name): nothing is written")
        }
    }

    @Test func aHugeFileALinkLoopAndAFIFOAreHandledAsForWorkoutFiles() async throws {
        let sandbox = try Sandbox()
        let huge = sandbox.path("huge.zwo")
        try #require(FileManager.default.createFile(atPath: huge, contents: Data("<workout_file>".utf8)))
        try #require(truncate(huge, 100 << 20) == 0)
        let big = try await PacerProcess.run(["import", huge], in: sandbox)
        #expect(
            big.status == 1
                && big.stderr.contains("\(huge): error: it is \(100 << 20) bytes, more than the 16 MiB a workout file may have"), "\(big)")

        let (one, two) = (sandbox.path("one.zwo"), sandbox.path("two.zwo"))
        try FileManager.default.createSymbolicLink(atPath: one, withDestinationPath: two)
        try FileManager.default.createSymbolicLink(atPath: two, withDestinationPath: one)
        let loop = try await PacerProcess.run(["show", one], in: sandbox)
        #expect(loop.status == 1 && loop.stderr.contains("\(one): error:") && loop.stderr.contains("symbolic links"), "\(loop)")

        let fifo = sandbox.path("pipe.zwo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = Task.detached {
            try await Task.sleep(for: .milliseconds(200))
            let handle = try #require(FileHandle(forWritingAtPath: fifo))
            handle.write(Data(Self.zwo.utf8))
            try handle.close()
        }
        let piped = try await PacerProcess.run(["validate", fifo], in: sandbox)
        try await writer.value
        #expect(piped.status == 0 && piped.stdout.contains("\(Self.seconds)s"), "\(piped)")
        let standardInput = try await PacerProcess.run(["import", "-"], in: sandbox, stdin: .text(Self.erg))
        #expect(
            standardInput.status == 0 && standardInput.stderr.hasPrefix("<stdin>: \"Imported workout\", 2 steps (2 phases)"),
            "\(standardInput)")
    }

    @Test func intervalsIcuTextImportsWithFromAndShowsByItsContent() async throws {
        let sandbox = try Sandbox()
        let (rounds, on, off) = (3, 40, 20)
        let text = "Main Set \(rounds)x\n- Push \(on)s 110%\n- \(off)s 50%\n"
        let path = try sandbox.write("set.txt", text)
        let imported = try await PacerProcess.run(["import", path, "--from", "icu"], in: sandbox)
        #expect(imported.status == 0 && imported.stdout.contains("\"repeat\": \(rounds),\n      \"name\": \"Main Set\""), "\(imported)")
        #expect(
            imported.stderr == "\(path): \"set\", 1 step (\(2 * rounds) phases), \(rounds * (on + off) / 60)m, no warnings\n", "\(imported)"
        )
        let shown = try await PacerProcess.run(["show", path], in: sandbox)
        #expect(
            shown.status == 0 && shown.stdout.contains("Push") && shown.stdout.contains("110 % FTP"),
            "a .txt of plain icu text is known by its content: \(shown)")
        let notes = try sandbox.write("notes.txt", "- buy milk\n")
        let refused = try await PacerProcess.run(["import", notes], in: sandbox)
        #expect(refused.status == 1 && refused.stderr.contains("--from zwo|erg|mrc|icu|yaml"), "\(refused)")
    }

    @Test func aYAMLWorkoutShowsWithItsIncludesAndRefusesOnesOutsideItsFolder() async throws {
        let sandbox = try Sandbox()
        let (warm, on, off, rounds) = (300, 60, 30, 4)
        _ = try sandbox.write("plans/inc/warm.yaml", "- {type: warmup, duration: \"\(warm / 60):00\", power: 60, description: Spin up}\n")
        let body =
            "steps:\n  - !include inc/warm.yaml\n  - repeat: \(rounds)\n    steps:\n      - {duration: \(on), power: 110}\n      - {type: rest, duration: \(off), power: 50}\n"
        let path = try sandbox.write("plans/vo2.yaml", "name: VO2\n" + body)
        let shown = try await PacerProcess.run(["show", path], in: sandbox)
        #expect(shown.status == 0 && shown.stdout.contains("Spin up") && shown.stdout.contains("110 % FTP"), "\(shown)")
        let imported = try await PacerProcess.run(["import", path], in: sandbox)
        #expect(
            imported.stderr == "\(path): \"VO2\", 2 steps (\(1 + 2 * rounds) phases), \((warm + rounds * (on + off)) / 60)m, no warnings\n",
            "\(imported)")

        let passwd = try sandbox.write("plans/passwd.yaml", "name: P\nsteps:\n  - !include /etc/passwd\n")
        let refused = try await PacerProcess.run(["show", passwd], in: sandbox)
        #expect(refused.status == 1 && refused.stderr.contains("passwd.yaml:3:5: error: !include /etc/passwd is refused"), "\(refused)")
        _ = try sandbox.write("secret.yaml", "- {duration: 60}\n")
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.path("plans/inc/out.yaml"), withDestinationPath: sandbox.path("secret.yaml"))
        let linked = try await PacerProcess.run(
            ["show", try sandbox.write("plans/link.yaml", "name: L\nsteps:\n  - !include inc/out.yaml\n")], in: sandbox)
        #expect(linked.status == 1 && linked.stderr.contains("it leads out of the workout's folder (by a link): refused"), "\(linked)")
    }
}
