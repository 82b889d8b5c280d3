import Foundation
import Testing

/// Issue 7, item 2: nothing in a workout file (or a typed line) reaches the terminal as a control
/// sequence, in any output path; the log keeps the exact text.
@Suite("hostile workout text")
struct HostileWorkoutTests {
    /// What the escaped text looks like on screen: the sequences are there, but visible.
    static let visibleOSC52 = #"\u{1b}]52;c;cHduZWQ=\u{7}"#

    static func expectSafe(
        _ output: String, _ what: String, allowingStyles: Bool = false, controlsOnly: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let problems = TerminalSafety.problems(in: output, allowingStyles: allowingStyles, controlsOnly: controlsOnly)
        #expect(problems.isEmpty, "\(what) lets control characters through: \(problems.prefix(5))", sourceLocation: sourceLocation)
    }

    @Test func showDisplaysEveryControlCharacterVisibly() async throws {
        let sandbox = try Sandbox()
        try HostileWorkout.install(in: sandbox)
        let texts = try HostileWorkout.texts()
        let plain = try await PacerProcess.run(["show", "hostile.json"], in: sandbox)
        #expect(plain.status == 0, "\(plain)")
        Self.expectSafe(plain.stdout + plain.stderr, "show")
        #expect(plain.stdout.contains(Self.visibleOSC52), "the text is shown, escaped: \(plain)")
        #expect(plain.stdout.contains(#"\u{9b}2J"#) && plain.stdout.contains(#"\u{8}"#) && plain.stdout.contains(#"\u{7f}"#), "\(plain)")
        #expect(plain.stdout.contains(#"\u{202e}"#), "a bidi override is shown, not obeyed: \(plain)")
        // The listing is whole: a CSI 2J in the description could not hide the rows before it.
        let rows = plain.stdoutLines.filter { $0.firstMatch(of: /^ *\d+ {2,}\d+:\d\d {2}/) != nil }
        #expect(rows.count == texts.phaseNames.count, "\(plain)")
        #expect(plain.stdoutLines.first?.hasPrefix("Hostile ") == true, "\(plain)")

        // In colour, Pacer's own SGR styles are the only escapes.
        let coloured = try await PacerProcess.run(["show", "hostile.json", "--color", "always"], in: sandbox)
        #expect(coloured.status == 0, "\(coloured)")
        #expect(coloured.stdout.contains("\u{1B}["), "the control: colour was asked for")
        Self.expectSafe(coloured.stdout + coloured.stderr, "show --color always", allowingStyles: true)
    }

    @Test func listDisplaysNamesTagsAndFileNamesVisibly() async throws {
        let sandbox = try Sandbox()
        try HostileWorkout.install(in: sandbox, as: "pacer-path/hostile.json")
        // A file name is text from outside too.
        try HostileWorkout.install(in: sandbox, as: "pacer-path/evil\u{1B}]0;PWNED-TITLE\u{07}\u{9B}2J.json")
        let result = try await PacerProcess.run(["list"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        Self.expectSafe(result.stdout + result.stderr, "list")
        #expect(result.stdoutLines.contains { $0.hasPrefix("hostile ") && $0.contains(#"hiit \u{1b}]0;PWNED-TITLE\u{7}"#) }, "\(result)")
        #expect(result.stdoutLines.contains { $0.hasPrefix(#"evil\u{1b}]0;PWNED-TITLE\u{7}\u{9b}2J "#) }, "\(result)")
    }

    @Test func validateMessagesShowControlCharactersVisibly() async throws {
        let sandbox = try Sandbox()
        try HostileWorkout.install(in: sandbox)
        let good = try await PacerProcess.run(["validate", "hostile.json"], in: sandbox)
        #expect(good.status == 0 && good.stdoutLines == ["ok  hostile.json: 10 phases, 35s + 1 rep step"], "\(good)")

        // The same file with an unknown key and a bad duration, both full of escapes, echoed in the messages.
        let text = try HostileWorkout.text()
        let broken = text.replacingOccurrences(
            of: #"{ "prepare": 3,"#, with: #"{ "prepare": "\u001b]0;PWNED\u0007 \u009b2J", "wrok\u001b]52;c;cHduZWQ=\u0007\b\u007f": 1,"#)
        try #require(broken != text)
        try sandbox.write("broken.json", broken)
        let bad = try await PacerProcess.run(["validate", "broken.json"], in: sandbox)
        #expect(bad.status == 1, "\(bad)")
        #expect(bad.stderrLines.filter { $0.contains(": error: ") }.count == 2, "\(bad)")
        #expect(bad.stderr.contains(#""wrok\u{1b}]52;c;cHduZWQ=\u{7}\u{8}\u{7f}""#), "the unknown key is named, visibly: \(bad)")
        #expect(bad.stderr.contains(#"\u{1b}]0;PWNED\u{7} \u{9b}2J"#), "the bad duration is quoted, visibly: \(bad)")
        Self.expectSafe(bad.stdout + bad.stderr, "validate")

        // A syntax error quotes nothing, but its position comes from the file too.
        try sandbox.write("syntax.json", "{\"name\": \"\u{1B}]0;PWNED\u{07}\", \"steps\": [\u{1B}[2J]}")
        let syntax = try await PacerProcess.run(["validate", "syntax.json"], in: sandbox)
        #expect(syntax.status == 1, "\(syntax)")
        Self.expectSafe(syntax.stdout + syntax.stderr, "validate of a syntax error")
    }

    @Test func aPlainRunShowsWorkoutTextVisiblyAndTheLogKeepsItExactly() async throws {
        let sandbox = try Sandbox()
        try HostileWorkout.install(in: sandbox)
        let texts = try HostileWorkout.texts()
        let path = sandbox.path("hostile.log")
        // No input: the capped rep step ends by itself after 30 workout seconds.
        let result = try await PacerProcess.run(["run", "hostile.json", "--speed", "100", "--log", path], in: sandbox)
        #expect(result.status == 0, "\(result)")
        Self.expectSafe(result.stdout + result.stderr, "the plain display")
        #expect(result.stdout.contains(Self.visibleOSC52), "\(result)")
        #expect(result.summaryLine?.hasPrefix("Workout complete.") == true, "the summary: \(result)")

        let log = try RunTests.checkLog(path, outcome: "completed")
        // The log is JSON: every control character escaped, none raw.
        Self.expectSafe(log.text, "the log", controlsOnly: true)
        #expect(log.events.first?.string("workout") == texts.name, "\(log.events.first!)")
        let starts = log.of("phase.start")
        #expect(starts.compactMap { $0.string("name") } == texts.phaseNames, "\(log)")
        #expect(starts.map { $0.string("cue") } == texts.phaseCues, "\(log)")
        #expect(starts.compactMap { $0.string("next") } == Array(texts.phaseNames.dropFirst()), "\(log)")
        #expect(starts[2].string("weight") == texts.weight, "\(starts[2])")
        #expect(log.of("cue").compactMap { $0.string("text") } == texts.timedCues, "\(log)")
    }

    @Test func repliesStatusAndLoggedWeightsAreShownVisibly() async throws {
        let sandbox = try Sandbox()
        try HostileWorkout.install(in: sandbox)
        let texts = try HostileWorkout.texts()
        let path = sandbox.path("hostile.log")
        let process = try await PacerProcess.startSession(["run", "hostile.json", "--speed", "1", "--log", path], in: sandbox, log: path)
        // A typed line that is all escapes, then status (which names the phase), then on to the rep step.
        #expect(process.write("\u{1B}]0;PWNED-TITLE\u{07}\u{9B}2J\u{08}\u{7F}skip\nstatus\nskip\nskip\n"))
        #expect(await eventually { EventLog.ifPresent(path)?.of("phase.start").count == 3 }, "the rep step did not start")
        let weight = "7.5 kg \u{1B}]52;c;cHduZWQ=\u{07}\u{9B}2J\u{08}\u{7F}"
        #expect(process.write("done 4 @ \(weight)\nquit\n"))
        let result = await process.finish(timeout: 5)
        #expect(result.status == 0, "\(result)")
        Self.expectSafe(result.stdout + result.stderr, "replies and plain lines")
        #expect(result.stdout.contains(#"unknown command "\u{1b}]0;pwned-title\u{7}\u{9b}2j\u{8}\u{7f}skip""#), "\(result)")
        #expect(
            result.stdoutLines.contains {
                $0.hasPrefix("Get ready ") && $0.contains(#"\u{1b}]0;PWNED-TITLE\u{7}"#) && $0.contains("left in session")
            },
            "the status reply: \(result)")
        #expect(result.stdout.contains(#"logged 4 reps @ 7.5 kg \u{1b}]52;c;cHduZWQ=\u{7}\u{9b}2J\u{8}\u{7f}"#), "\(result)")
        #expect(result.summaryLine?.hasPrefix("Session ended early.") == true, "the summary: \(result)")

        let log = try RunTests.checkLog(path, outcome: "quit")
        Self.expectSafe(log.text, "the log", controlsOnly: true)
        let end = try #require(log.of("phase.end").first { $0.int("index") == 3 }, "\(log)")
        #expect(end.int("reps") == 4 && end.string("weight") == weight, "the weight typed is logged exactly: \(end)")
        #expect(
            log.of("phase.start").compactMap { $0.string("name") } == Array(texts.phaseNames.prefix(4)),
            "done moved on to the next phase: \(log)")
    }
}
