import Glibc
import PacerEngine
import PacerFoundation
import PacerWorkout
import Synchronization
import TerminalDisplay
import TerminalRendering
import TerminalSink
import Testing

/// A screen that records what it is asked to show and print.
final class FakeScreen: Screen {
    let isLive: Bool
    private let state: Mutex<(shown: [[String]], printed: [String], size: (columns: Int, rows: Int))>

    /// A live terminal of the given size, or (`isTerminal: false`) plain output.
    init(isTerminal: Bool, columns: Int = 80, rows: Int = 24) {
        isLive = isTerminal
        state = Mutex(([], [], (columns, rows)))
    }

    var size: (columns: Int, rows: Int) { state.withLock { $0.size } }

    /// Gives the terminal a new size, as a user dragging its window does.
    func resize(columns: Int, rows: Int) {
        state.withLock { $0.size = (columns, rows) }
    }

    func show(_ block: [TerminalText]) {
        state.withLock { $0.shown.append(block.map(\.rendered)) }
    }

    func print(_ line: TerminalText) {
        state.withLock { $0.printed.append(line.rendered) }
    }

    /// Every block shown, in order.
    var shown: [[String]] { state.withLock { $0.shown } }
    /// Every line printed, in order.
    var printed: [String] { state.withLock { $0.printed } }
    /// The block on screen now.
    var block: [String] { shown.last ?? [] }
}

/// Builds and drives an engine on a manual clock, so sinks get real event sequences.
struct Session {
    var engine: Engine

    /// The wall time the engine reads: 2026-11-30T07:00:00+01:00.
    static let wall = WallTime(epochSeconds: 1_796_018_400, utcOffset: 3600)

    init(_ phases: [Phase], countdown: Int = 3, speed: Double = 1) {
        engine = Engine(
            plan: Plan(name: "Test", countdown: countdown, phases: phases), speed: speed, file: "test.json", wallClock: { Self.wall })
    }

    static func at(_ seconds: Double) -> Instant {
        .seconds(seconds)
    }

    mutating func start() -> [Event] {
        engine.start(at: .start)
    }

    /// Everything due up to `seconds`, each event at its due time.
    mutating func run(until seconds: Double) -> [Event] {
        var events: [Event] = []
        while let deadline = engine.nextDeadline, deadline <= Self.at(seconds) {
            events += engine.advance(to: deadline)
        }
        return events
    }

    /// Everything due up to `seconds`, all at once (late).
    mutating func advance(to seconds: Double) -> [Event] {
        engine.advance(to: Self.at(seconds))
    }

    mutating func command(_ command: Command, at seconds: Double) -> [Event] {
        do throws(CommandRejection) {
            return try engine.handle(command, at: Self.at(seconds))
        } catch {
            Issue.record("\(command) rejected: \(error.message)")
            return []
        }
    }

    mutating func runToEnd() -> [Event] {
        var events: [Event] = []
        while let deadline = engine.nextDeadline {
            events += engine.advance(to: deadline)
        }
        return events
    }

    func snapshot(at seconds: Double) -> Snapshot {
        engine.snapshot(at: Self.at(seconds))
    }
}

func work(_ name: String, _ seconds: Int64, cue: String? = nil, round: Int? = nil, rounds: Int? = nil) -> Phase {
    Phase(kind: .work, name: name, duration: .seconds(seconds), cue: cue, round: round, rounds: rounds)
}

func rest(_ seconds: Int64, round: Int? = nil, rounds: Int? = nil) -> Phase {
    Phase(kind: .rest, name: "Rest", duration: .seconds(seconds), round: round, rounds: rounds)
}

/// The escape sequence that starts the colour of a kind.
func colorCode(_ kind: PhaseKind) -> String {
    "\u{1B}[" + KindColor.parameters(kind) + "m"
}

/// A path under /tmp that no other test uses.
func temporaryPath(_ suffix: String) -> String {
    "/tmp/pacer-sinktests-\(getpid())-\(UInt64.random(in: 0...UInt64.max))\(suffix)"
}

/// The whole content of a file as text, or nil if it cannot be read.
func readFile(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 { return nil }
        if count == 0 { break }
        bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func writeFile(_ path: String, _ text: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
}
