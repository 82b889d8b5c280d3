import Glibc
import PacerCore
import PacerSystem

/// Any program as a sink and a source of commands (plugin protocol 1): it reads the event stream
/// on its standard input, each line it prints is a command, and what it writes on standard error
/// is shown to the user. Nothing it does can delay the session.
///
/// Its events wait in a queue of at most `backlog` lines: a plugin that stops reading loses the
/// oldest, and the user is told once. Its commands are taken one at a time, at most
/// `commandsPerSecond`. At the end its input is closed; it has `exitGrace` seconds to exit, then
/// gets SIGTERM, and after `exitGrace` more seconds SIGKILL (its whole process group), and the user
/// is told, with how many events it never read.
public final class ExternalPlugin: Sink, CommandSource, @unchecked Sendable {
    public static let protocolVersion = 1
    public static let backlog = 1_000
    public static let commandsPerSecond = 50.0
    public static let exitGrace = 1.0
    /// How long the last events may take to reach a slow plugin at the end.
    static let finalFlush = 0.5

    public let name: String
    private let report: @Sendable (TerminalText) -> Void
    private let process: Subprocess?
    private let commands: LineReader?
    private let errors: PluginErrorRelay
    /// Our end of the plugin's standard input, non-blocking; -1 once closed.
    private var input: Int32 = -1
    // Touched only on the sink's queue.
    private var waiting: [[UInt8]] = []
    /// Bytes of `waiting[0]` already written.
    private var written = 0
    /// Events and replies the plugin will never get: dropped from a full queue.
    private var dropped = 0
    /// What went into the pipe: every byte, and where each line still perhaps in it ends.
    private var bytesIntoPipe = 0
    private var lineEndsInPipe: [Int] = []
    private let closing = OnceFlag()
    private let droppingReported = OnceFlag()
    private let unknownReported = OnceFlag()

    /// Starts `executable` with `arguments`; a plugin that cannot be started is reported and the
    /// session goes on without it.
    public init(name: String, executable: String, arguments: [String], environment: [String: String],
                report: @escaping @Sendable (TerminalText) -> Void) {
        self.name = name
        self.report = report
        errors = PluginErrorRelay(name: name, report: report)
        let closing = closing
        var started: (Subprocess, LineReader)?
        // Every end opened so far, so that a start that fails halfway (out of descriptors) leaks none.
        var opened: [Int32] = []
        do {
            let stdin = try FileSystem.pipe()
            opened += [stdin.read, stdin.write]
            let stdout = try FileSystem.pipe()
            opened += [stdout.read, stdout.write]
            let stderr = try FileSystem.pipe()
            opened += [stderr.read, stderr.write]
            defer {
                for descriptor in [stdin.read, stdout.write, stderr.write] { Glibc.close(descriptor) }
            }
            let process = try Subprocess.spawn(
                executable, arguments: arguments, environment: environment,
                stdin: stdin.read, stdout: stdout.write, stderr: stderr.write
            ) { status in
                guard !closing.isSet else { return }
                let how = status > 128 ? "was killed by signal \(status - 128)" : "exited with status \(status)"
                report("pacer: the \(name) plugin \(how) before the session ended; the session goes on without it")
            }
            FileSystem.setNonBlocking(stdin.write, true)
            input = stdin.write
            errors.start(reading: stderr.read)
            started = (process, LineReader(descriptor: stdout.read, ratePerSecond: Self.commandsPerSecond))
        } catch {
            if started == nil { opened.forEach { Glibc.close($0) } }
            report("pacer: cannot start the \(name) plugin: \(error); the session goes on without it")
        }
        process = started?.0
        commands = started?.1
    }

    /// The environment a plugin runs with: Pacer's own, and what tells it about the session.
    public static func environment(_ base: [String: String], plugin: String, workout: (name: String, file: String), speed: Double) -> [String: String] {
        var variables = base
        variables["PACER_PROTOCOL"] = String(protocolVersion)
        variables["PACER_VERSION"] = PacerVersion.current
        variables["PACER_PID"] = String(getpid())
        variables["PACER_PLUGIN"] = plugin
        variables["PACER_WORKOUT"] = workout.name
        variables["PACER_WORKOUT_FILE"] = workout.file
        variables["PACER_SPEED"] = JSONText.number(speed)
        return variables
    }

    // MARK: - Sink

    public func receive(_ event: Event) throws {
        enqueue(event.jsonLine)
    }

    public func reply(_ reply: Reply) {
        enqueue(reply.jsonLine)
        if !reply.accepted, reply.text?.hasPrefix("unknown command") == true, unknownReported.setFirst() {
            report("pacer: the \(name) plugin sent \"\(reply.command.prefix(60))\", which is not a command; it is told so, and further ones are not reported")
        }
    }

    public func flush() throws {
        pump()
    }

    public func update(_ snapshot: Snapshot) {
        pump()
    }

    public func close() throws {
        closing.set()
        let deadline = Clocks.monotonicNanoseconds() + Int64(Self.finalFlush * 1e9)
        pump()
        while !waiting.isEmpty, input >= 0, Clocks.monotonicNanoseconds() < deadline {
            var ready = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, 50)
            pump()
        }
        // A reader of our own on the plugin's input pipe, to count what it leaves unread; it is
        // no writer, so the plugin still sees the end of its input.
        let unreadCounter = input >= 0 ? open("/proc/self/fd/\(input)", O_RDONLY | O_NONBLOCK | O_CLOEXEC) : -1
        defer { if unreadCounter >= 0 { Glibc.close(unreadCounter) } }
        if input >= 0 {
            Glibc.close(input)
            input = -1
        }
        if let process, !process.wait(seconds: Self.exitGrace) {
            let neverRead = dropped + waiting.count + linesInPipe(unread: unreadCounter)
            process.stop(grace: Self.exitGrace)
            let events = neverRead == 1 ? "1 event" : "\(neverRead) events"
            report("pacer: the \(name) plugin did not exit when its input ended, so it was stopped; it never read \(events) of the session")
        }
        errors.waitUntilFinished(seconds: Self.finalFlush)
    }

    /// How many of the lines written into the pipe have not been read whole; 0 when it cannot be told.
    private func linesInPipe(unread reader: Int32) -> Int {
        var bytes: Int32 = 0
        guard reader >= 0, ioctl(reader, UInt(FIONREAD), &bytes) == 0 else { return 0 }
        let readUpTo = bytesIntoPipe - Int(bytes)
        return lineEndsInPipe.count { $0 > readUpTo }
    }

    private func enqueue(_ line: String) {
        guard input >= 0 else { return }
        if waiting.count >= Self.backlog {
            // Keep a line already partly written: the plugin must never see half a line.
            waiting.remove(at: written > 0 ? 1 : 0)
            dropped += 1
            if droppingReported.setFirst() {
                report("pacer: the \(name) plugin is not reading its input; the oldest events waiting for it are being dropped")
            }
        }
        waiting.append(Array((line + "\n").utf8))
        pump()
    }

    /// Writes what the plugin's input pipe takes now, without waiting.
    private func pump() {
        while input >= 0, let first = waiting.first {
            let count = first.withUnsafeBytes { Glibc.write(input, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { return }
                // The plugin closed its input or ended: nothing more can reach it.
                Glibc.close(input)
                input = -1
                waiting = []
                return
            }
            written += count
            bytesIntoPipe += count
            if written == first.count {
                waiting.removeFirst()
                written = 0
                lineEndsInPipe.append(bytesIntoPipe)
                // A pipe holds at most 1 MiB: lines further back have been read.
                lineEndsInPipe.removeFirst(lineEndsInPipe.prefix { $0 <= bytesIntoPipe - (1 << 20) }.count)
            }
        }
    }

    // MARK: - CommandSource

    public func start(_ inbox: CommandInbox) {
        if let commands {
            commands.start(inbox)
        } else {
            inbox.end()
        }
    }

    public func stop() {
        commands?.stop()
    }
}
