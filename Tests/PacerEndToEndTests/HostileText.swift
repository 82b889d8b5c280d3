import Foundation
import Testing

/// Issue 7, item 2: `Tests/Fixtures/hostile-workout.json` tries OSC 52 (the clipboard), OSC 0 (the
/// window title), CSI 2J (clear the screen), C1 CSI (`\u009b`), BEL, BS, DEL and a bidi override
/// in every text field a workout has.
enum HostileWorkout {
    static let path = PacerBinary.packageRoot.appendingPathComponent("Tests/Fixtures/hostile-workout.json").path

    /// The file's text.
    static func text() throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// Copies the file into the sandbox under `name` and returns its path there.
    @discardableResult
    static func install(in sandbox: Sandbox, as name: String = "hostile.json") throws -> String {
        try sandbox.write(name, try text())
    }

    /// The file as JSONSerialization reads it: the exact strings a log must keep.
    static func object() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// What the file says, string by string, from an independent JSON reader.
    struct Texts {
        let name: String
        let tags: [String]
        /// The expanded phases' names, in order.
        let phaseNames: [String]
        /// The `cue` of each phase, in order (nil where there is none).
        let phaseCues: [String?]
        /// The texts of the timed cues, in order of the phases, then the halfway call of the one long work phase.
        let timedCues: [String]
        let weight: String
    }

    static func texts() throws -> Texts {
        let root = try object()
        let steps = try #require(root["steps"] as? [[String: Any]])
        let prepare = steps[0]
        let squats = steps[1]
        let press = steps[2]
        let group = steps[3]
        let circuit = steps[4]
        let cool = steps[5]
        let recover = try #require((group["steps"] as? [[String: Any]])?.first)
        let exercises = try #require(circuit["circuit"] as? [Any])
        let lunges = try #require(exercises[0] as? String)
        let plank = try #require(exercises[1] as? [String: Any])
        func string(_ object: [String: Any], _ key: String) throws -> String { try #require(object[key] as? String) }
        func cueTexts(_ object: [String: Any]) throws -> [String] {
            try (object["cues"] as? [[String: Any]] ?? []).map { try string($0, "text") }
        }
        return Texts(
            name: try string(root, "name"),
            tags: try #require(root["tags"] as? [String]),
            phaseNames: [
                try string(prepare, "name"), try string(squats, "name"), try string(press, "name"),
                try string(recover, "name"), "Rest", try string(recover, "name"),
                lunges, "Rest", try string(plank, "name"), try string(cool, "name"),
            ],
            phaseCues: [
                try string(prepare, "cue"), try string(squats, "cue"), try string(press, "cue"),
                nil, nil, nil, nil, nil, try string(plank, "cue"), nil,
            ],
            timedCues: try cueTexts(squats) + ["Halfway"] + (try cueTexts(plank)),
            weight: try string(press, "weight"))
    }
}

/// What in text bound for a terminal could act on it instead of being shown.
enum TerminalSafety {
    /// The SGR colour sequences Pacer writes itself (`ESC [ 1;31 m`), the one kind of escape it may send.
    nonisolated(unsafe) static let style = /\u{1B}\[[0-9;]*m/

    /// Every C0 control but the line feed, DEL, every C1 control, the bidi overrides and isolates,
    /// and U+FFFD (a byte that was not UTF-8, such as a raw C1 `0x9B`), each with where it is.
    /// With `allowingStyles`, Pacer's own SGR sequences are taken out first. `controlsOnly` leaves
    /// out the bidi controls, which JSON has no reason to escape.
    static func problems(in text: String, allowingStyles: Bool = false, controlsOnly: Bool = false) -> [String] {
        let checked = allowingStyles ? text.replacing(style, with: "") : text
        var problems: [String] = []
        let scalars = Array(checked.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() where isUnsafe(scalar) && !(controlsOnly && isBidi(scalar)) {
            let context = String(String.UnicodeScalarView(scalars[max(0, offset - 20)..<min(scalars.count, offset + 20)]))
            problems.append("U+\(String(scalar.value, radix: 16, uppercase: true)) at \(offset) in \(context.debugDescription)")
        }
        return problems
    }

    static func isBidi(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0xFFFD: true
        default: false
        }
    }
}
