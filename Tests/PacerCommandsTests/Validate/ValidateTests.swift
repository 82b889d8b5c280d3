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

    @Test func goodFilesPrintOkLines() throws {
        let home = try CommandLineHome()
        let good = try home.write("good.json", Self.good)
        let reps = try home.write("sub/reps.json", Self.withReps)
        let result = home.call(["validate", good, reps])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(
            result.stdoutLines == [
                "ok  \(good): 4 phases, 11s",
                "ok  \(reps): 3 phases, 2m 30s + 1 rep step",
            ], "\(result)")
    }

    @Test func theShippedWorkoutsAreValid() throws {
        let home = try CommandLineHome()
        let folder = CommandLineHome.packageRoot.appendingPathComponent("workouts")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
        #expect(files.map { String($0.dropLast(5)) } == ShowAndListTests.builtIns.sorted { $0 + ".json" < $1 + ".json" })
        let paths = files.map { folder.appendingPathComponent($0).path }
        let result = home.call(["validate"] + paths)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.count == files.count, "\(result)")
        for (line, path) in zip(result.stdoutLines, paths) {
            #expect(line.hasPrefix("ok  \(path): "), "\(result)")
            #expect(line.firstMatch(of: /: \d+ phases,/) != nil, "\(line)")
        }
    }

    @Test func builtInNamesValidateToo() throws {
        let home = try CommandLineHome()
        let result = home.call(["validate", "tabata", "seven-minute"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdoutLines == [
                "ok  <built-in>/tabata.json: 17 phases, 6m",
                "ok  <built-in>/seven-minute.json: 24 phases, 8m",
            ], "\(result)")
    }

    @Test func everyProblemOfABadFileIsReported() throws {
        let home = try CommandLineHome()
        let bad = try home.write("bad.json", Self.bad)
        let result = home.call(["validate", bad])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        let lines = result.stderrLines
        #expect(lines.count == 3, "\(result)")
        for line in lines {
            #expect(line.hasPrefix("\(bad): error: at steps["), "\(line)")
        }
        #expect(
            lines.contains {
                $0.hasPrefix("\(bad): error: at steps[0]: ") && $0.contains("\"wrok\"") && $0.contains("did you mean \"work\"")
            }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("\(bad): error: at steps[1].circuit[1].work: ") && $0.contains("\"abc\"") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("\(bad): error: at steps[2].repeat: ") }, "\(result)")
    }

    @Test func topLevelProblemsAreReportedWithTheirKey() throws {
        let home = try CommandLineHome()
        let top = try home.write("top.json", #"{"name": "", "steps": [], "countdown": 11, "pacer": 2}"#)
        let result = home.call(["validate", top])
        #expect(result.status == 1, "\(result)")
        let lines = result.stderrLines
        #expect(lines.allSatisfy { $0.hasPrefix("\(top): error: at ") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("\(top): error: at pacer: ") && $0.contains("2") && $0.contains("1") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("\(top): error: at countdown: ") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("\(top): error: at steps: ") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("\(top): error: at name: ") }, "\(result)")
    }

    @Test func syntaxErrorNamesLineAndColumn() throws {
        let home = try CommandLineHome()
        // The stray '}' after the trailing comma is on line 2, column 25.
        let syntax = try home.write("syntax.json", "{\"name\": \"S\",\n  \"steps\": [ {\"work\": 3,} ]\n}\n")
        let result = home.call(["validate", syntax])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.hasPrefix("\(syntax):2:25: error: "), "\(result)")
    }

    @Test func mixedGoodAndBadFilesReportBothAndFail() throws {
        let home = try CommandLineHome()
        let good = try home.write("good.json", Self.good)
        let bad = try home.write("bad.json", Self.bad)
        let syntax = try home.write("syntax.json", "{\"name\": \"S\",\n  \"steps\": [ \n")
        let result = home.call(["validate", good, bad, syntax, "tabata"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines == ["ok  \(good): 4 phases, 11s", "ok  <built-in>/tabata.json: 17 phases, 6m"], "\(result)")
        #expect(result.stderrLines.filter { $0.hasPrefix("\(bad): error: at steps[") }.count == 3, "\(result)")
        #expect(result.stderrLines.contains { $0.hasPrefix(syntax) && $0.firstMatch(of: /^[^:]*:\d+:\d+: error:/) != nil }, "\(result)")
    }

    @Test func missingFileIsAClearError() throws {
        let home = try CommandLineHome()
        let missing = home.file("missing.json")
        let alsoMissing = home.file("dir/also-missing.json")
        let result = home.call(["validate", missing, alsoMissing])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderrLines.count == 2, "\(result)")
        #expect(result.stderrLines.first == "\(missing): error: No such file or directory", "\(result)")
        #expect(result.stderrLines.last == "\(alsoMissing): error: No such file or directory", "\(result)")

        let byName = home.call(["validate", "no-such-workout"])
        #expect(byName.status == 1, "\(byName)")
        #expect(byName.stderr.contains("no workout named \"no-such-workout\""), "\(byName)")
    }

    @Test func aFolderIsAClearError() throws {
        let home = try CommandLineHome()
        let folder = home.file("folder.json")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = home.call(["validate", folder])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("\(folder): error: "), "\(result)")
    }

    // Issue 7, item 17: `pacer validate fifo.json` hung; a device or a folder is refused at once. Since
    // issue 17 a FIFO the user names is read like standard input, for at most 10 s (StandardInputTests),
    // and one on the search path is refused at once.
    @Test func aDeviceIsRefusedAtOnce() throws {
        let home = try CommandLineHome()
        let result = home.call(["validate", "/dev/zero"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines == ["/dev/zero: error: it is a device, not a regular file"], "\(result)")
        #expect(result.cpuSeconds < 2, "\(result)")
    }

    // Issue 7, item 21: a symlink loop was reported as "no such file".
    @Test func aSymlinkLoopIsNamedAsSuch() throws {
        let home = try CommandLineHome()
        let loop = home.file("loop.json")
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop.json")
        let result = home.call(["validate", loop])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines == ["\(loop): error: Too many levels of symbolic links"], "\(result)")
    }

    // Issue 7, item 21: a UTF-16 file gave "unexpected byte 0xFF".
    @Test func aUTF16FileIsNamedAsSuch() throws {
        let home = try CommandLineHome()
        let text = Self.good
        let little = try home.write("little.json", Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!)
        let big = try home.write("big.json", text.data(using: .utf16BigEndian)!)
        let result = home.call(["validate", little, big])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.count == 2, "\(result)")
        #expect(
            result.stderrLines.first?.hasPrefix("\(little): error: the file is UTF-16 (little-endian); workout files are UTF-8") == true,
            "\(result)")
        #expect(
            result.stderrLines.last?.hasPrefix("\(big): error: the file is UTF-16 (big-endian); workout files are UTF-8") == true,
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
    func hostileInputFailsCleanlyAndQuickly(input: HostileInput) throws {
        let home = try CommandLineHome()
        let hostile = try home.write("hostile.json", input.bytes())
        let result = home.call(["validate", hostile])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasPrefix(hostile), "\(result)")
        #expect(result.stderrLines.allSatisfy { $0.hasPrefix("\(hostile):") && $0.contains(" error: ") }, "\(result)")
        #expect(result.stderrLines.count <= 20, "one bad input should not produce a flood of errors: \(result)")
        #expect(result.cpuSeconds < 2.5, "validate took \(result.cpuSeconds) s of CPU")
    }
}

/// Warnings: on standard error, exit 0 unless `--strict`.
@Suite("validate warnings")
struct ValidateWarningTests {
    static let distance = #"{"name": "Track", "steps": [{"work": "400m", "name": "400 m fast"}, {"rest": 1}]}"#
    static func warning(_ path: String) -> String {
        path
            + #": warning: at steps[0].work: "400m" is 6h 40m: "m" means minutes, not metres (a distance is not a duration: give an open step a "distance")"#
    }

    @Test func aWarningIsPrintedAndTheFileStillPasses() throws {
        let home = try CommandLineHome()
        let track = try home.write("track.json", Self.distance)
        let result = home.call(["validate", track])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == Self.warning(track) + "\n", "\(result)")
        #expect(result.stdoutLines == ["ok  \(track): 2 phases, 6h 40m 1s"], "\(result)")
    }

    @Test func strictMakesAWarningFail() throws {
        let home = try CommandLineHome()
        let track = try home.write("track.json", Self.distance)
        let result = home.call(["validate", "--strict", track])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == Self.warning(track) + "\n", "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }
}
