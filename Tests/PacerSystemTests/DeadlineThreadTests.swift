import Glibc
import PacerSystem
import PacerTestSupport
import Testing

/// The clock's thread: it fires once per deadline armed, never before it, however it is re-armed.
@Suite("DeadlineThread")
struct DeadlineThreadTests {
    @Test func anEarlierDeadlineWakesItALaterOneWaitsAndEachFiresOnce() {
        let fired = Recorder<Int64>()
        let thread = DeadlineThread { fired.append(Clocks.monotonicNanoseconds()) }
        defer { thread.stop() }
        let milliseconds: Int64 = 1_000_000

        // Armed far off, then brought forward: the thread, asleep until the first, wakes for the second.
        var now = Clocks.monotonicNanoseconds()
        thread.arm(now + 5_000 * milliseconds)
        thread.arm(now + 30 * milliseconds)
        #expect(fired.wait(for: 1, timeout: 2))
        #expect(fired.all.first.map { $0 >= now + 30 * milliseconds } == true, "fired before its deadline")

        // Armed, then put off: it fires once, at the later deadline, not at the first. The first is
        // far enough off (300 ms) that a busy machine pausing this test cannot let it come due.
        now = Clocks.monotonicNanoseconds()
        thread.arm(now + 300 * milliseconds)
        thread.arm(now + 600 * milliseconds)
        #expect(fired.wait(for: 2, timeout: 2))
        #expect(fired.all.last.map { $0 >= now + 600 * milliseconds } == true, "fired at the deadline it was put off from")
        usleep(100_000)
        #expect(fired.count == 2, "a deadline put off fired twice")

        // Disarmed, nothing fires; a deadline already past fires at once.
        thread.arm(Clocks.monotonicNanoseconds() + 300 * milliseconds)
        thread.arm(nil)
        usleep(400_000)
        #expect(fired.count == 2, "a disarmed deadline fired")
        thread.arm(now)
        #expect(fired.wait(for: 3, timeout: 2))
    }
}
