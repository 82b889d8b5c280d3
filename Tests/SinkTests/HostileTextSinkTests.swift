import Foundation
import Glibc
import LogFileSink
import PacerEngine
import PacerFoundation
import PacerTestSupport
import PacerWorkout
import TerminalRendering
import TerminalSink
import Testing

/// The hostile workout as a session meets it: typed at the prompt and run whole.
extension HostileFixture {
    /// A weight typed at the prompt, as hostile as the file.
    fileprivate static let typedWeight = Weight.text("7.5 kg \u{1B}]52;c;cHduZWQ=\u{07}\u{9B}2J\u{08}\u{7F}")

    /// A whole run of the plan: a pause, the rep step finished with a hostile weight, every cue
    /// and countdown; `snapshot` is called at every event's time, as the driver refreshes displays.
    fileprivate static func run(_ plan: Plan, each: (Event) throws -> Void, snapshot: (Snapshot) -> Void) throws {
        var engine = Engine(plan: plan, speed: 1, file: "hostile.json", wallClock: { Session.wall })
        var now = Instant.start
        func deliver(_ events: [Event]) throws {
            for event in events {
                try each(event)
            }
            if !engine.isFinished { snapshot(engine.snapshot(at: now)) }
        }
        try deliver(engine.start(at: now))
        now = .seconds(1)
        try deliver(engine.advance(to: now) + (try engine.handle(.pause, at: now)))
        now = .seconds(2)
        try deliver(try engine.handle(.resume, at: now))
        while let deadline = engine.nextDeadline {
            if engine.snapshot(at: now).phase.kind == .reps {
                try deliver(try engine.handle(.done(reps: 4, weight: typedWeight), at: now))
                continue
            }
            now = deadline
            try deliver(engine.advance(to: now))
        }
    }
}

/// What in text bound for a terminal would act on it instead of being shown: C0 controls but the
/// line feed, DEL, C1 controls, bidi overrides; with `allowingStyles`, Pacer's own SGR colours
/// are taken out first.
private func unsafeScalars(in text: String, allowingStyles: Bool) -> [String] {
    let checked = allowingStyles ? text.replacing(/\u{1B}\[[0-9;]*m/, with: "") : text
    return checked.unicodeScalars.compactMap { scalar in
        switch scalar.value {
        case 0x0A: nil
        case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: "U+\(String(scalar.value, radix: 16)) in \(text.debugDescription)"
        default: nil
        }
    }
}

@Suite("Hostile workout text in the sinks")
struct HostileTextSinkTests {
    // Issue 7, item 2: the live display, plain lines, replies and the summary show every control visibly.
    @Test(arguments: [(ColorChoice.never, 80, 24), (.always, 80, 24), (.never, 60, 10), (.always, 30, 5)])
    func theDisplayShowsWorkoutTextVisibly(color: ColorChoice, columns: Int, rows: Int) throws {
        let plan = try HostileFixture.plan()
        for live in [true, false] {
            let screen = FakeScreen(isTerminal: live, columns: columns, rows: rows)
            let sink = TerminalSink(screen: screen, color: color, noColor: false)
            try HostileFixture.run(plan, each: sink.receive, snapshot: sink.update)
            sink.reply(
                Reply(
                    command: "\u{1B}]0;PWNED\u{07}", accepted: false,
                    text: "unknown command \"\u{1B}]0;pwned\u{07}\u{9B}2J\"; type help for the list", t: .start))
            sink.reply(Reply(command: "status", accepted: true, text: "\(plan.phases[1].name) (work, phase 2/10)\nsecond line", t: .start))

            let everything = screen.shown.flatMap { $0 } + screen.printed
            #expect(everything.count > 10)
            let problems = everything.flatMap { unsafeScalars(in: $0, allowingStyles: color == .always) }
            #expect(problems.isEmpty, "live: \(live), \(columns)×\(rows): \(problems.prefix(3))")
            // The text is shown, visibly, not dropped.
            let all = everything.joined(separator: "\n")
            if !live || columns >= 40 {
                #expect(all.contains(#"\u{1b}]52;c;cHduZWQ=\u{7}"#), "live: \(live): \(all)")
            }
            #expect(all.contains(#"unknown command "\u{1b}]0;pwned\u{7}\u{9b}2J""#), "the reply: \(screen.printed)")
            #expect(screen.printed.contains { $0.contains("Workout complete.") }, "the summary: \(screen.printed)")
            if !live {
                #expect(all.contains(#"logged 4 reps @ 7.5 kg \u{1b}]52;c;cHduZWQ=\u{7}\u{9b}2J\u{8}\u{7f}"#), "\(screen.printed)")
            }
        }
    }

    // Issue 7, item 2: the log keeps every text exactly, escaped as JSON, no control character raw.
    @Test func theLogKeepsWorkoutTextExactly() throws {
        let plan = try HostileFixture.plan()
        let path = temporaryPath(".jsonl")
        defer { unlink(path) }
        let sink = try LogFileSink(path: path)
        try HostileFixture.run(plan, each: sink.receive, snapshot: { _ in })
        try sink.close()
        let text = try #require(readFile(path))
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        let objects = try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.first?["workout"] as? String == plan.workoutName)
        let starts = objects.filter { $0["event"] as? String == "phase.start" }
        #expect(starts.compactMap { $0["name"] as? String } == plan.phases.map(\.name))
        #expect(starts.map { $0["cue"] as? String } == plan.phases.map(\.cue))
        #expect(starts[2]["weight"] as? String == plan.phases[2].weight?.description)
        let cues = objects.filter { $0["event"] as? String == "cue" }.compactMap { $0["text"] as? String }
        #expect(cues == [plan.phases[1].cues[0].text, "Halfway", plan.phases[8].cues[0].text])
        let logged = objects.first { $0["event"] as? String == "phase.end" && $0["index"] as? Int == 3 }
        #expect(logged?["weight"] as? String == HostileFixture.typedWeight.description)
    }
}
