internal import CSpawn
import Dispatch
import Glibc
import Synchronization

/// A program Pacer started: in a process group of its own (so Ctrl-C at the terminal does not
/// reach it and ending it ends its children), optionally killed by the kernel if Pacer dies.
public final class Subprocess: Sendable {
    public let pid: Int32
    private let exitStatus = Mutex<Int32?>(nil)
    private let exited = DispatchSemaphore(value: 0)

    private init(pid: Int32) {
        self.pid = pid
    }

    /// Starts `executable` (a path) with `arguments` and exactly `environment`. A nil descriptor
    /// is /dev/null. With `diesWithPacer`, the child is killed when Pacer is, even by `kill -9`.
    /// `onExit` is called once, on a thread of its own, with the exit status (128 + N after signal N).
    public static func spawn(
        _ executable: String, arguments: [String], environment: [String: String],
        stdin: Int32? = nil, stdout: Int32? = nil, stderr: Int32? = nil, diesWithPacer: Bool = true,
        onExit: @escaping @Sendable (Int32) -> Void = { _ in }
    ) throws(SubprocessError) -> Subprocess {
        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        let result = SpawnerThread.shared.run {
            withCStrings(argv) { argv in
                withCStrings(envp) { envp in
                    let pid = pacer_spawn(executable, argv, envp, stdin ?? -1, stdout ?? -1, stderr ?? -1, diesWithPacer ? 1 : 0)
                    return (pid, errno)
                }
            }
        }
        guard result.0 > 0 else { throw SubprocessError(executable: executable, code: result.1) }
        let process = Subprocess(pid: result.0)
        BackgroundThread.start { process.reap(onExit) }
        return process
    }

    /// The exit status once the process has ended, else nil.
    public var status: Int32? { exitStatus.withLock { $0 } }

    /// Sends `signal` to the process and its group, unless it has already ended.
    public func signal(_ signal: Int32) {
        exitStatus.withLock { status in
            if status == nil { kill(-pid, signal) }
        }
    }

    /// Waits up to `seconds` for the process to end; true if it has.
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        guard status == nil else { return true }
        guard exited.wait(timeout: .now() + seconds) == .success else { return false }
        exited.signal()
        return true
    }

    /// Stops the process: SIGTERM to its group, then after `grace` seconds SIGKILL. Returns once
    /// it has ended (or after the kill, which cannot fail).
    public func stop(grace: Double) {
        signal(SIGTERM)
        if wait(seconds: grace) { return }
        signal(SIGKILL)
        wait(seconds: 1)
    }

    private func reap(_ onExit: @Sendable (Int32) -> Void) {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        let low = raw & 0x7F
        let code = low == 0 ? (raw >> 8) & 0xFF : 128 + low
        exitStatus.withLock { $0 = code }
        exited.signal()
        onExit(code)
    }
}

/// A program that could not be started, with the system's reason.
public struct SubprocessError: Error, Sendable, CustomStringConvertible {
    public let executable: String
    public let code: Int32

    public var description: String {
        if code == ENOENT, FileSystem.exists(executable), let interpreter = Self.interpreter(of: executable),
            !FileSystem.exists(interpreter)
        {
            return "cannot start \(executable): the interpreter named on its #! line, \(interpreter), is missing"
        }
        return "cannot start \(executable): \(String(cString: strerror(code)))"
    }

    /// The program a script's first line (`#!/usr/bin/python3 -u`) names, or nil when it has none.
    static func interpreter(of script: String) -> String? {
        let descriptor = open(script, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 256)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 2, head[0] == UInt8(ascii: "#"), head[1] == UInt8(ascii: "!") else { return nil }
        let line = head[2..<count].prefix { $0 != UInt8(ascii: "\n") }
        let word = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.prefix {
            $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t")
        }
        return word.isEmpty ? nil : String(decoding: word, as: UTF8.self)
    }
}

/// The one long-lived thread that starts every child, so the kernel's parent-death signal, which
/// follows the thread that forked, fires only when Pacer itself ends.
private final class SpawnerThread: Sendable {
    static let shared = SpawnerThread()
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let ready = DispatchSemaphore(value: 0)

    private init() {
        BackgroundThread.start { [self] in
            while true {
                ready.wait()
                let job = jobs.withLock { $0.removeFirst() }
                job()
            }
        }
    }

    /// Runs `work` on the spawner thread and returns its result.
    func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) -> Result {
        let result = Mutex<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        jobs.withLock {
            $0.append {
                result.withLock { $0 = work() }
                done.signal()
            }
        }
        ready.signal()
        done.wait()
        return result.withLock { $0! }
    }
}

extension Subprocess {
    /// Runs `command` with `/bin/sh -c`, the words of `arguments` as `"$@"`, in the foreground: in
    /// Pacer's own process group, on its terminal and its standard streams, as an editor needs;
    /// returns the exit status once it has ended (128 + N after signal N).
    public static func runInForeground(shell command: String, arguments: [String]) throws(SubprocessError) -> Int32 {
        let argv = ["/bin/sh", "-c", command + " \"$@\"", "sh"] + arguments
        var pid: pid_t = 0
        let code = withCStrings(argv) { argv in posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) }
        guard code == 0 else { throw SubprocessError(executable: "/bin/sh", code: code) }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        return raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }
}

/// Calls `body` with a NULL-terminated C array of the strings.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
