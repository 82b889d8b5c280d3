/// What `/proc` tells about a process running on this machine.
public enum ProcessTable {
    /// When the process started, in clock ticks after boot; nil when no such process runs.
    public static func startTime(of pid: Int32) -> UInt64? {
        guard let stat = try? FileSystem.read("/proc/\(pid)/stat", limit: 1 << 16),
            let nameEnd = stat.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        // After "PID (NAME)": state is field 3 and the start time field 22.
        let fields = stat[(nameEnd + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 19 else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }

    /// Its command line as people read it: the program's file name, then the arguments, joined by
    /// spaces; nil when no such process runs.
    public static func commandLine(of pid: Int32) -> String? {
        guard let bytes = try? FileSystem.read("/proc/\(pid)/cmdline", limit: 1 << 16), !bytes.isEmpty else { return nil }
        var words = bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        if let program = words.first?.split(separator: "/").last { words[0] = String(program) }
        return words.joined(separator: " ")
    }
}
