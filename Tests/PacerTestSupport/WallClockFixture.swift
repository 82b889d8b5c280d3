import PacerFoundation
import Synchronization

/// A wall clock for engines under test: each reading is a minute after the one before, from
/// 2026-11-30T07:00:00+01:00, and the readings are counted, so a test sees which event read it when.
package final class WallClockFixture: Sendable {
    /// 2026-11-30T07:00:00+01:00.
    package static let first = WallTime(epochSeconds: 1_796_018_400, utcOffset: 3600)

    private let readings = Mutex(0)

    /// A clock not read yet.
    package init() {}

    /// How often the clock has been read.
    package var count: Int { readings.withLock { $0 } }

    /// The clock, to hand to an engine.
    package var clock: @Sendable () -> WallTime {
        { [self] in
            let reading = readings.withLock { count in
                count += 1
                return count
            }
            return WallTime(epochSeconds: Self.first.epochSeconds + Int64(60 * (reading - 1)), utcOffset: Self.first.utcOffset)
        }
    }
}
