import Foundation
import Testing

/// `pacer fmt`: to standard output, `-w` in place keeping the mode, `--check` for CI; invalid files refused.
@Suite("fmt")
struct FmtTests {
    static let messy = #"{"steps": [{"name": "Sprint", "work": "20s"}], "$comment": "mine", "name": "Messy"}"#
    static let tidy = """
        {
          "$comment": "mine",
          "name": "Messy",
          "steps": [
            { "work": "20s", "name": "Sprint" }
          ]
        }

        """

    // Issue 41, item 21: fmt refused a YAML workout in pacer's own format and pointed to import.
    @Test func fmtKeepsAYAMLWorkoutYAML() throws {
        let home = try CommandLineHome()
        let path = try home.write("hills.yaml", "steps:\n  - {power: 60%, warmup: 10m}\n  - work: 2m\nname: Hills\n")
        let tidy = "name: Hills\nsteps:\n- {warmup: 10m, power: 60%}\n- {work: 2m}\n"
        let printed = home.call(["fmt", path])
        #expect(printed.status == 0 && printed.stdout == tidy, "\(printed)")
        let rewritten = home.call(["fmt", "-w", path])
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(rewritten.status == 0 && written == tidy, "\(rewritten)")
        let checked = home.call(["fmt", "--check", path])
        #expect(checked.status == 0 && checked.stdout.isEmpty, "\(checked)")
        let shown = home.call(["show", path])
        #expect(shown.status == 0 && shown.stdout.contains("12m"), "\(shown)")
        let garminPath = try home.write("garmin.yaml", "name: G\nsteps:\n  - {type: run, duration: 30s}\n")
        let garmin = home.call(["fmt", garminPath])
        #expect(garmin.status == 1 && garmin.stderr.contains("pacer import"), "\(garmin)")
    }

    @Test func fmtPrintsTheLayoutAndChecksAndRewritesInPlaceKeepingTheMode() throws {
        let home = try CommandLineHome()
        let path = try home.write("messy.json", Self.messy)
        let tidyPath = try home.write("tidy.json", Self.tidy)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)

        let printed = home.call(["fmt", path])
        #expect(printed.status == 0 && printed.stdout == Self.tidy, "\(printed)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.messy, "printing leaves the file alone")

        let checked = home.call(["fmt", "--check", path, tidyPath])
        #expect(checked.status == 1 && checked.stdout == "\(path)\n", "\(checked)")

        let written = home.call(["fmt", "-w", path, tidyPath])
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.tidy)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640, "the mode is kept: \(String(mode ?? 0, radix: 8))")
        let clean = home.call(["fmt", "--check", path, tidyPath])
        #expect(clean.status == 0 && clean.stdout.isEmpty, "\(clean)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix(".") }.isEmpty,
            "no temporary file left")
    }

    @Test func fmtWritesThroughALinkToItsTarget() throws {
        let home = try CommandLineHome()
        let target = try home.write("dotfiles/messy.json", Self.messy)
        let link = home.file("messy.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "dotfiles/messy.json")
        let written = home.call(["fmt", "-w", link])
        #expect(written.status == 0, "\(written)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "dotfiles/messy.json", "the link stays a link")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.tidy, "its target is laid out")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.file("dotfiles")) == ["messy.json"], "no temporary file left")
    }

    @Test func fmtRefusesAnInvalidFileAndShowsItsErrors() throws {
        let home = try CommandLineHome()
        let bad = #"{"name": "Bad", "steps": [{"wrok": "20s"}]}"#
        let path = try home.write("bad.json", bad)
        let result = home.call(["fmt", "-w", path])
        #expect(result.status == 1 && result.stderr.contains("bad.json: error: at steps[0]: unknown key \"wrok\""), "\(result)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == bad, "an invalid file is left as it is")
        let builtIn = home.call(["fmt", "-w", "tabata"])
        #expect(builtIn.status == 0, "a built-in is already laid out, so there is nothing to write: \(builtIn)")
    }

    // Issue 33, item 25: fmt never writes a number other than the one in the file.
    @Test func fmtRefusesANumberItCannotKeepAndSaysWhereItIs() throws {
        let home = try CommandLineHome()
        let text = "{\"name\": \"Heavy\",\n  \"steps\": [{\"reps\": 1, \"name\": \"Lift\", \"weight\": 12345678901234567890123}]}\n"
        let path = try home.write("heavy.json", text)
        let result = home.call(["fmt", "-w", path])
        #expect(
            result.status == 1
                && result.stderr == "\(path):2:51: error: the number 12345678901234567890123 has more digits than pacer keeps: "
                    + "it would be written 1.2345678901234568e+22, another number; write it with at most 15 digits\n",
            "\(result)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "the file is left as it is")
    }
}
