import PacerFoundation
import PacerRuntime
import Testing

@Suite("The wall clock")
struct WallTimeNowTests {
    @Test func nowHasThisMachinesOffset() {
        let now = WallTime.now()
        #expect(abs(now.utcOffset) <= 14 * 3600)
        #expect(WallTime(iso8601: now.iso8601) == now)
    }
}
