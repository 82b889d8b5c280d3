import Glibc
import PacerEngine
import PacerSystem
import SinkKit

/// Rings the terminal bell: once per countdown second and phase start, three times at the end.
public final class BellSink: Sink, Sendable {
    private let ring: @Sendable () -> Void
    private let pause: @Sendable (UInt32) -> Void

    /// `ring` sounds the bell once; `pause` waits the given microseconds between the final rings.
    public init(ring: @escaping @Sendable () -> Void, pause: @escaping @Sendable (UInt32) -> Void = { usleep($0) }) {
        self.ring = ring
        self.pause = pause
    }

    /// `--no-bell` and the config's `"bell": false`.
    public static let enabled = SinkSetting(
        .enabled, key: "bell", flag: "--no-bell", help: "do not ring the terminal bell",
        configHelp: "Whether the terminal bell rings (default true); --no-bell turns it off.")

    /// The terminal bell on standard output; by default only when that is a terminal.
    public static let registration = SinkRegistration(
        name: "bell", summary: "the terminal bell on the countdown, each phase start and the end",
        settings: [enabled], traits: SinkTraits(kind: .presenter, writesToTerminal: true, events: [.countdown, .phaseStart, .sessionEnd]),
        runsByDefault: .onATerminal(unlessTurnedOff: enabled)
    ) { _ in
        BellSink(ring: {
            let output = DescriptorOutput.standardOutput
            output.write("\u{07}")
        })
    }

    /// How many rings an event gets.
    public static func rings(for event: Event) -> Int {
        switch event.payload {
        case .countdown, .phaseStart: 1
        case .sessionEnd(let end): end.outcome == .completed ? 3 : 0
        default: 0
        }
    }

    public func receive(_ event: Event) throws {
        let count = Self.rings(for: event)
        for number in 0..<count {
            if number > 0 { pause(180_000) }
            ring()
        }
    }
}
