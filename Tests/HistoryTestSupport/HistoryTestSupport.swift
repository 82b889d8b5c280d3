import Glibc
import PacerEngine
import PacerFoundation
import PacerSystem
import PacerWorkout
import Testing

@testable import History

/// A fresh folder under /tmp for one test's database files, removed with everything in it when
/// the test lets go of it.
package final class TemporaryFolder: Sendable {
    package let path: String

    package init() throws {
        var template = Array("/tmp/pacer-history-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = try #require(created.map { String(cString: $0) }, "mkdtemp failed")
    }

    deinit {
        remove(path)
    }

    /// A path inside the folder.
    package func file(_ name: String) -> String { path + "/" + name }

    private func remove(_ path: String) {
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self))
                }
                if name != "." && name != ".." { remove(path + "/" + name) }
            }
            closedir(directory)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

/// Writes `bytes` to a new file at `path`.
package func writeFile(_ path: String, _ bytes: [UInt8]) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
}

/// Reads a whole small file.
package func readFile(_ path: String) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { return bytes }
        bytes += chunk[..<count]
    }
}

/// A moment given as local text, `2026-11-30T18:05:00+01:00`.
package func wall(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> WallTime {
    guard let time = WallTime(iso8601: text) else {
        Issue.record("not a wall time: \(text)", sourceLocation: sourceLocation)
        return WallTime(epochSeconds: 0, utcOffset: 0)
    }
    return time
}

package func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }

extension HistoryStore {
    /// Records a whole session: its start, these phases, and an end unless `outcome` is nil.
    @discardableResult
    package func record(
        _ workout: String = "Tabata", at started: String, phases: [PhaseRecord] = [],
        outcome: SessionOutcome? = .completed, paused: Double = 0, runner: ProcessIdentity? = nil
    ) throws -> Int64 {
        let start = wall(started)
        let id = try startSession(
            SessionStart(
                workout: workout, file: "/w/\(workout).json", started: start,
                planned: .seconds(240), speed: 1, runner: runner))
        for phase in phases { try recordPhase(phase, session: id) }
        if let outcome {
            let active = phases.reduce(WorkoutDuration.zero) { $0 + $1.active }
            let ended = WallTime(epochSeconds: start.epochSeconds + Int64(active.seconds + paused), utcOffset: start.utcOffset)
            try endSession(
                id,
                SessionEnd(
                    ended: ended, outcome: outcome, active: active,
                    paused: WorkoutDuration(milliseconds: Int64(paused * 1000))))
        }
        return id
    }
}

/// A work phase of `seconds`.
package func work(_ index: Int, _ name: String = "Sprint", seconds: Int64 = 20, outcome: PhaseOutcome = .completed) -> PhaseRecord {
    PhaseRecord(
        index: index, kind: .work, name: name, exercise: name, planned: .seconds(seconds), active: .seconds(seconds), outcome: outcome)
}

/// A rep step that logged `reps` at `weight`.
package func set(_ index: Int, _ name: String, reps: Int?, weight: String?) -> PhaseRecord {
    PhaseRecord(
        index: index, kind: .reps, name: name, exercise: name, planned: nil, active: .seconds(40), outcome: .completed, reps: reps,
        weight: weight.map { LoggedWeight(text: $0) })
}

/// Runs one SQL statement on its own connection and returns the first column of each row as text.
package func sql(_ path: String, _ statement: String) throws -> [String] {
    let database = try SQLiteDatabase(path: path, create: false, busyTimeout: 1000)
    return try database.query(statement) { $0.text(0) ?? "NULL" }
}

/// An open step of `name` over `distance` that took `seconds`.
package func openStep(
    _ index: Int, _ name: String = "400 m fast", distance: String? = "400 m", seconds: Double,
    outcome: PhaseOutcome = .completed
) -> PhaseRecord {
    PhaseRecord(
        index: index, kind: .work, name: name, exercise: name, planned: nil, active: WorkoutDuration(milliseconds: Int64(seconds * 1000)),
        outcome: outcome, isOpen: true, distance: distance)
}

/// A new database at `path` as schema `version` left it: the first `version` migrations, and
/// nothing in it.
package func database(at path: String, version: Int) throws -> SQLiteDatabase {
    let database = try SQLiteDatabase(path: path, create: true, busyTimeout: 1000)
    try database.transaction { () throws(SQLiteError) in
        for step in 1...version { try HistorySchema.migrate(database, to: step) }
        try database.run("PRAGMA user_version = \(version)")
    }
    return database
}

/// The ten CSV cells after `target` of a phase nothing was measured in (`phase_started`, `actual`,
/// the averages and maxima), empty.
package let unmeasuredCells = String(repeating: ",", count: 10)
