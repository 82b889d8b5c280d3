import Foundation
import Testing

@testable import PacerWorkout

/// Helpers for decoding workouts in tests; kept in one namespace so they do not clash with the helpers of
/// the test files that import them.
package enum WorkoutFixture {
    /// Decodes a workout from JSON text, or returns what the decoder reported.
    package static func decode(_ json: String) -> Result<Workout, WorkoutErrors> {
        decode(Array(json.utf8))
    }

    package static func decode(_ bytes: [UInt8]) -> Result<Workout, WorkoutErrors> {
        do {
            return .success(try WorkoutDecoder.decode(bytes))
        } catch {
            return .failure(error)
        }
    }

    /// The diagnostics for a workout text; empty when it decodes.
    package static func diagnostics(_ json: String) -> [Diagnostic] {
        switch decode(json) {
        case .success: []
        case .failure(let errors): errors.diagnostics
        }
    }

    /// The warnings for a valid workout text; records an issue when it does not decode.
    package static func warnings(_ json: String) -> [Diagnostic] {
        do {
            return try WorkoutDecoder.decodeWithWarnings(Array(json.utf8)).warnings
        } catch {
            Issue.record("the workout does not decode: \(error.diagnostics)")
            return []
        }
    }

    /// A diagnostic at a JSON path.
    package static func at(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(.path(path), message)
    }

    /// A workout text with the given steps (the inside of the `steps` array) and a plain name.
    package static func json(steps: String) -> String {
        #"{"name": "W", "steps": [\#(steps)]}"#
    }

    /// The folder of workouts that ship with pacer, found from this file's location.
    package static let workoutsFolder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // PacerTestSupport
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // package root
        .appendingPathComponent("workouts")

    /// Every `*.json` file in `workouts/`, sorted by name, with its bytes.
    package static func shippedJSONFiles() throws -> [(name: String, bytes: [UInt8])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: workoutsFolder.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        return try names.map { name in
            (name, [UInt8](try Data(contentsOf: workoutsFolder.appendingPathComponent(name))))
        }
    }
}

extension WorkoutFixture {
    /// The plan of a workout with the given steps; records an issue when it does not decode.
    package static func plan(steps: String) throws -> Plan {
        Plan(try WorkoutDecoder.decode(Array(json(steps: steps).utf8)))
    }
}
