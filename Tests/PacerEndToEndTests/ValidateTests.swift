import Foundation
import Glibc
import Testing

/// `pacer validate FILE...`: ok lines on stdout, every problem on stderr, exit 1 if any file is bad.
@Suite("validate")
struct ValidateTests {
    static let good = """
        {"name": "Good", "steps": [{"prepare": 2}, {"work": "5s", "name": "Go"}, {"rest": 1}, {"work": 3}]}
        """
    static let withReps = """
        {"name": "Reps", "steps": [{"warmup": "1m"}, {"reps": 5, "name": "Squats", "weight": "60 kg"}, {"cooldown": "1:30"}]}
        """
    /// Three independent problems: all three must be reported.
    static let bad = """
        {
          "name": "Bad",
          "steps": [
            {"wrok": "30s"},
            {"circuit": ["A", {"name": "B", "work": "abc"}], "work": 5, "rest": 5},
            {"repeat": 0, "steps": [{"rest": 5}]}
          ]
        }
        """

    @Test func goodFilesPrintOkLines() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("good.json", Self.good)
        try sandbox.write("sub/reps.json", Self.withReps)
        let result = try await PacerProcess.run(["validate", "good.json", "sub/reps.json"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(
            result.stdoutLines == [
                "ok  good.json: 4 phases, 11s",
                "ok  sub/reps.json: 3 phases, 2m 30s + 1 rep step",
            ], "\(result)")
    }

    @Test func theShippedWorkoutsAreValid() async throws {
        let sandbox = try Sandbox()
        let folder = PacerBinary.packageRoot.appendingPathComponent("workouts")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
        #expect(files.map { String($0.dropLast(5)) } == ShowAndListTests.builtIns.sorted { $0 + ".json" < $1 + ".json" })
        let paths = files.map { folder.appendingPathComponent($0).path }
        let result = try await PacerProcess.run(["validate"] + paths, in: sandbox)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.count == files.count, "\(result)")
        for (line, path) in zip(result.stdoutLines, paths) {
            #expect(line.hasPrefix("ok  \(path): "), "\(result)")
            #expect(line.firstMatch(of: /: \d+ phases,/) != nil, "\(line)")
        }
    }

    @Test func builtInNamesValidateToo() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["validate", "tabata", "seven-minute"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdoutLines == [
                "ok  <built-in>/tabata.json: 17 phases, 6m",
                "ok  <built-in>/seven-minute.json: 24 phases, 8m",
            ], "\(result)")
    }

    @Test func everyProblemOfABadFileIsReported() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("bad.json", Self.bad)
        let result = try await PacerProcess.run(["validate", "bad.json"], in: sandbox)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        let lines = result.stderrLines
        #expect(lines.count == 3, "\(result)")
        for line in lines {
            #expect(line.hasPrefix("bad.json: error: at steps["), "\(line)")
        }
        #expect(
            lines.contains {
                $0.hasPrefix("bad.json: error: at steps[0]: ") && $0.contains("\"wrok\"") && $0.contains("did you mean \"work\"")
            }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("bad.json: error: at steps[1].circuit[1].work: ") && $0.contains("\"abc\"") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("bad.json: error: at steps[2].repeat: ") }, "\(result)")
    }

    @Test func topLevelProblemsAreReportedWithTheirKey() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("top.json", #"{"name": "", "steps": [], "countdown": 11, "pacer": 2}"#)
        let result = try await PacerProcess.run(["validate", "top.json"], in: sandbox)
        #expect(result.status == 1, "\(result)")
        let lines = result.stderrLines
        #expect(lines.allSatisfy { $0.hasPrefix("top.json: error: at ") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("top.json: error: at pacer: ") && $0.contains("2") && $0.contains("1") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("top.json: error: at countdown: ") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("top.json: error: at steps: ") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("top.json: error: at name: ") }, "\(result)")
    }

    @Test func syntaxErrorNamesLineAndColumn() async throws {
        let sandbox = try Sandbox()
        // The stray '}' after the trailing comma is on line 2, column 25.
        try sandbox.write("syntax.json", "{\"name\": \"S\",\n  \"steps\": [ {\"work\": 3,} ]\n}\n")
        let result = try await PacerProcess.run(["validate", "syntax.json"], in: sandbox)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.hasPrefix("syntax.json:2:25: error: "), "\(result)")
    }

    @Test func mixedGoodAndBadFilesReportBothAndFail() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("good.json", Self.good)
        try sandbox.write("bad.json", Self.bad)
        try sandbox.write("syntax.json", "{\"name\": \"S\",\n  \"steps\": [ \n")
        let result = try await PacerProcess.run(["validate", "good.json", "bad.json", "syntax.json", "tabata"], in: sandbox)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines == ["ok  good.json: 4 phases, 11s", "ok  <built-in>/tabata.json: 17 phases, 6m"], "\(result)")
        #expect(result.stderrLines.filter { $0.hasPrefix("bad.json: error: at steps[") }.count == 3, "\(result)")
        #expect(result.stderrLines.contains { $0.firstMatch(of: /^syntax\.json:\d+:\d+: error:/) != nil }, "\(result)")
    }

    @Test func missingFileIsAClearError() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["validate", "missing.json", "dir/also-missing.json"], in: sandbox)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderrLines.count == 2, "\(result)")
        #expect(result.stderrLines.first == "missing.json: error: No such file or directory", "\(result)")
        #expect(result.stderrLines.last == "dir/also-missing.json: error: No such file or directory", "\(result)")

        let byName = try await PacerProcess.run(["validate", "no-such-workout"], in: sandbox)
        #expect(byName.status == 1, "\(byName)")
        #expect(byName.stderr.contains("no workout named \"no-such-workout\""), "\(byName)")
    }

    @Test func aFolderIsAClearError() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("folder.json"), withIntermediateDirectories: true)
        let result = try await PacerProcess.run(["validate", "folder.json"], in: sandbox)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("folder.json: error: "), "\(result)")
    }

    // Issue 7, item 17: `pacer validate fifo.json` hung; a device or a folder is refused at once. Since
    // issue 17 a FIFO the user names is read like standard input, for at most 10 s (StandardInputTests),
    // and one on the search path is refused at once.
    @Test func aDeviceIsRefusedAtOnce() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["validate", "/dev/zero"], in: sandbox, timeout: 5)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines == ["/dev/zero: error: it is a device, not a regular file"], "\(result)")
        #expect(result.secondsUnstalled < 2, "\(result)")

        let run = try await PacerProcess.run(["run", "/dev/zero", "--speed", "100"], in: sandbox, timeout: 5)
        #expect(run.status == 1 && run.stderr.contains("it is a device, not a regular file"), "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
    }

    // Issue 7, item 21: a symlink loop was reported as "no such file".
    @Test func aSymlinkLoopIsNamedAsSuch() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("loop.json"), withDestinationPath: "loop.json")
        let result = try await PacerProcess.run(["validate", "loop.json"], in: sandbox)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines == ["loop.json: error: Too many levels of symbolic links"], "\(result)")
    }

    // Issue 7, item 21: a UTF-16 file gave "unexpected byte 0xFF".
    @Test func aUTF16FileIsNamedAsSuch() async throws {
        let sandbox = try Sandbox()
        let text = Self.good
        try sandbox.write("little.json", Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!)
        try sandbox.write("big.json", text.data(using: .utf16BigEndian)!)
        let result = try await PacerProcess.run(["validate", "little.json", "big.json"], in: sandbox)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.count == 2, "\(result)")
        #expect(
            result.stderrLines.first?.hasPrefix("little.json: error: the file is UTF-16 (little-endian); workout files are UTF-8") == true,
            "\(result)")
        #expect(
            result.stderrLines.last?.hasPrefix("big.json: error: the file is UTF-16 (big-endian); workout files are UTF-8") == true,
            "\(result)")
        #expect(!result.stderr.contains("0xFF"), "\(result)")
    }

    /// Inputs that must neither crash nor hang the decoder.
    struct HostileInput: Sendable, CustomTestStringConvertible {
        let label: String
        let bytes: @Sendable () -> Data
        var testDescription: String { label }
    }

    static let hostile: [HostileInput] = [
        HostileInput(label: "empty file") { Data() },
        HostileInput(label: "binary garbage") {
            Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0xFF, 0xFE, 0x00, 0x9C] + (0..<4096).map { UInt8(($0 * 73 + 11) % 256) })
        },
        HostileInput(label: "10,000 [") { Data(repeating: UInt8(ascii: "["), count: 10_000) },
        HostileInput(label: "10,000 nested objects") { Data(String(repeating: "{\"a\":", count: 10_000).utf8) },
        HostileInput(label: "truncated workout") { Data(ValidateTests.good.utf8.prefix(40)) },
        HostileInput(label: "only whitespace") { Data("  \n\t \n".utf8) },
        HostileInput(label: "invalid UTF-8 in a string") {
            Data(#"{"name": "A"#.utf8) + Data([0xC3, 0x28]) + Data(#"", "steps": [{"work": 1}]}"#.utf8)
        },
        HostileInput(label: "NUL bytes") { Data(#"{"name": "#.utf8) + Data([0, 0, 0]) },
        HostileInput(label: "a JSON array") { Data("[1, 2, 3]".utf8) },
        HostileInput(label: "repeats nested 40 deep") {
            var step = #"{"work": 1}"#
            for _ in 0..<40 { step = #"{"repeat": 1, "steps": [\#(step)]}"# }
            return Data(#"{"name": "Deep", "steps": [\#(step)]}"#.utf8)
        },
        HostileInput(label: "a billion phases") {
            Data(
                #"{"name": "Huge", "steps": [{"repeat": 1000, "steps": [{"repeat": 1000, "steps": [{"repeat": 1000, "steps": [{"work": 1}]}]}]}]}"#
                    .utf8)
        },
        HostileInput(label: "17 MB of spaces") { Data(repeating: UInt8(ascii: " "), count: 17 << 20) },
    ]

    @Test(arguments: hostile)
    func hostileInputFailsCleanlyAndQuickly(input: HostileInput) async throws {
        let sandbox = try Sandbox()
        try sandbox.write("hostile.json", input.bytes())
        let result = try await PacerProcess.run(["validate", "hostile.json"], in: sandbox, timeout: 5)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasPrefix("hostile.json"), "\(result)")
        #expect(result.stderrLines.allSatisfy { $0.hasPrefix("hostile.json:") && $0.contains(" error: ") }, "\(result)")
        #expect(result.stderrLines.count <= 20, "one bad input should not produce a flood of errors: \(result)")
        #expect(result.secondsUnstalled < 2.5, "validate took \(result.seconds) s")
    }
}

/// Warnings: on standard error, exit 0 unless `--strict`; `run` prints them once before it starts.
@Suite("validate warnings")
struct ValidateWarningTests {
    static let distance = #"{"name": "Track", "steps": [{"work": "400m", "name": "400 m fast"}, {"rest": 1}]}"#
    static let warning =
        #"track.json: warning: at steps[0].work: "400m" is 6h 40m: "m" means minutes, not metres (a distance is not a duration: give an open step a "distance")"#

    @Test func aWarningIsPrintedAndTheFileStillPasses() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("track.json", Self.distance)
        let result = try await PacerProcess.run(["validate", "track.json"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == Self.warning + "\n", "\(result)")
        #expect(result.stdoutLines == ["ok  track.json: 2 phases, 6h 40m 1s"], "\(result)")
    }

    @Test func strictMakesAWarningFail() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("track.json", Self.distance)
        let result = try await PacerProcess.run(["validate", "--strict", "track.json"], in: sandbox)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == Self.warning + "\n", "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }

    @Test func runShowsTheWarningsOnceBeforeItStarts() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("rests.json", #"{"name": "Rests", "steps": [{"rest": 1}, {"rest": 1}]}"#)
        let result = try await PacerProcess.run(["run", "rests.json", "--speed", "100", "--no-prompt"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr
                == "rests.json: warning: at steps[1]: two rests back to back: this rest follows the one that ends steps[0]; make them one rest\n",
            "\(result)")
    }
}
