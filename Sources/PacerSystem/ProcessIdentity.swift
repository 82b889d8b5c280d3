import Glibc

/// A process told apart from every other one, even a later one given the same pid: its pid, its
/// start time after boot (from `/proc/PID/stat`) and the boot it runs in. A process killed with
/// `kill -9` leaves no live match, whatever it could not clean up.
public struct ProcessIdentity: Sendable, Equatable {
    public let pid: Int32
    /// Clock ticks from boot to the process's start: field 22 of `/proc/PID/stat`.
    public let startTicks: Int64
    /// `/proc/sys/kernel/random/boot_id`: a new value at every boot.
    public let boot: String

    public init(pid: Int32, startTicks: Int64, boot: String) {
        self.pid = pid
        self.startTicks = startTicks
        self.boot = boot
    }

    /// This process, or nil where `/proc` cannot tell.
    public static func current() -> ProcessIdentity? {
        of(pid: getpid())
    }

    /// The process running now with `pid`, or nil when there is none (a zombie is none).
    public static func of(pid: Int32) -> ProcessIdentity? {
        guard pid > 0, let stat = try? FileSystem.read("/proc/\(pid)/stat", limit: 4096),
            let boot = try? FileSystem.read("/proc/sys/kernel/random/boot_id", limit: 256),
            // The command name in parentheses may hold spaces and parentheses: fields follow the last `)`.
            let close = stat.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        // fields[0] is field 3 (the state); field 22, the start time, is fields[19].
        guard fields.count > 19, let state = fields[0].first, state != UInt8(ascii: "Z"), state != UInt8(ascii: "X"),
            let ticks = Int64(String(decoding: fields[19], as: UTF8.self))
        else { return nil }
        let bootID = String(decoding: boot.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        return ProcessIdentity(pid: pid, startTicks: ticks, boot: bootID)
    }

    /// Whether this very process is still running.
    public var isRunning: Bool { Self.of(pid: pid) == self }
}
