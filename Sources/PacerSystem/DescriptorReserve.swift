import Glibc

/// File descriptors held open so that nothing else can take them: room kept for what must still be
/// opened later, and the honest way to ask whether that many can be opened at all (by opening them).
// @unchecked: `held` is touched only by the thread that made the reserve, before any other thread starts, which the checker cannot see.
public final class DescriptorReserve: @unchecked Sendable {
    // Touched only by the thread that made the reserve.
    private var held: [Int32] = []
    /// Whether every descriptor asked for could be held.
    public let isComplete: Bool

    /// Holds `count` descriptors (copies of standard input, which is always open), or as many as can be had.
    public init(_ count: Int) {
        while held.count < count {
            let copy = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0)
            guard copy >= 0 else { break }
            held.append(copy)
        }
        isComplete = held.count == count
    }

    /// How many it holds.
    public var count: Int { held.count }

    /// Lets the descriptors go, for what they were kept for.
    public func release() {
        for descriptor in held { close(descriptor) }
        held = []
    }

    deinit {
        release()
    }

    /// The most descriptors the process may have open at once (`ulimit -n`).
    public static var limit: Int {
        var limits = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0, limits.rlim_cur < rlim_t(Int32.max) else {
            return Int(Int32.max)
        }
        return Int(limits.rlim_cur)
    }
}
