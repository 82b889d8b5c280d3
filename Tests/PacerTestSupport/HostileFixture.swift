import Foundation
import PacerWorkout

/// `Tests/Fixtures/hostile-workout.json`, which tries OSC 52, OSC 0, CSI 2J, C1 CSI, BEL, BS, DEL
/// and a bidi override in every text field.
package enum HostileFixture {
    package static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // PacerTestSupport
        .deletingLastPathComponent() // Tests
        .appendingPathComponent("Fixtures/hostile-workout.json")

    package static func bytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    package static func workout() throws -> Workout {
        try WorkoutFixture.decode(bytes()).get()
    }

    /// The workout's plan, as a session runs it.
    package static func plan() throws -> Plan {
        Plan(try workout())
    }
}

/// Every scalar that acts on a terminal instead of being shown: C0 but the line feed, DEL, C1, the
/// line and paragraph separators, and the bidi overrides and isolates.
package func actsOnATerminal(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A: false
    case 0x00..<0x20, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
}
