import Glibc
import PacerEngine
import PacerFoundation
import PacerSystem
import Synchronization

/// Any program as a sink and a source of commands (plugin protocol 1): it reads the event stream
/// on its standard input, each line it prints is a command, and what it writes on standard error
/// is shown to the user. Nothing it does can delay the session.
///
/// Its events wait in a queue of at most `backlog` lines: a plugin that stops reading loses the
/// oldest, and the user is told once. Its commands are taken one at a time, at most
/// `commandsPerSecond`. At the end its input is closed; it has `exitGrace` seconds to exit, then
/// gets SIGTERM, and after `exitGrace` more seconds SIGKILL (its whole process group), and the user
/// is told, with how many events it never read.
public final class ExternalPlugin: Sink, CommandSource {
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
    /// The plugin's input. Only the sink's queue uses it; the lock lets the compiler check that.
    private let input: Mutex<PluginInput>
    private let closing = OnceFlag()
    private let droppingReported = OnceFlag()
    private let unknownReported = OnceFlag()
    private let refusedMeasurementReported = OnceFlag()

    /// Starts `executable` with `arguments`; a plugin that cannot be started is reported and the
    /// session goes on without it.
    public init(
        name: String, executable: String, arguments: [String], environment: [String: String],
        report: @escaping @Sendable (TerminalText) -> Void
    ) {
        self.name = name
        self.report = report
        errors = PluginErrorRelay(name: name, report: report)
        let closing = closing
        var started: (Subprocess, LineReader)?
        var inputDescriptor: Int32 = -1
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
            inputDescriptor = stdin.write
            errors.start(reading: stderr.read)
            started = (process, LineReader(descriptor: stdout.read, ratePerSecond: Self.commandsPerSecond))
        } catch {
            if started == nil { opened.forEach { Glibc.close($0) } }
            report("pacer: cannot start the \(name) plugin: \(error); the session goes on without it")
        }
        process = started?.0
        commands = started?.1
        input = Mutex(PluginInput(descriptor: inputDescriptor))
    }

    /// The environment a plugin runs with: Pacer's own, and what tells it about the session.
    public static func environment(_ base: [String: String], plugin: String, workout: (name: String, file: String), speed: Double)
        -> [String: String]
    {
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
        // A sensor sends several measurements a second: it hears back only about those refused.
        if reply.isMeasurement, reply.accepted { return }
        enqueue(reply.jsonLine)
        guard !reply.accepted else { return }
        if reply.isMeasurement, let text = reply.text, refusedMeasurementReported.setFirst() {
            report(
                "pacer: the \(name) plugin sent a measurement that was refused (\(text.prefix(120))); it is told so, nothing of it is recorded, and further ones are not reported"
            )
        } else if reply.text?.hasPrefix("unknown command") == true, unknownReported.setFirst() {
            report(
                "pacer: the \(name) plugin sent \"\(reply.command.prefix(60))\", which is not a command; it is told so, and further ones are not reported"
            )
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
        while let descriptor = input.withLock({ $0.isOpen && !$0.waiting.isEmpty ? $0.descriptor : nil }),
            Clocks.monotonicNanoseconds() < deadline
        {
            var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, 50)
            pump()
        }
        // A reader of our own on the plugin's input pipe, to count what it leaves unread; it is
        // no writer, so the plugin still sees the end of its input.
        let unreadCounter = input.withLock { input in
            let counter = input.isOpen ? open("/proc/self/fd/\(input.descriptor)", O_RDONLY | O_NONBLOCK | O_CLOEXEC) : -1
            input.close()
            return counter
        }
        defer { if unreadCounter >= 0 { Glibc.close(unreadCounter) } }
        if let process, !process.wait(seconds: Self.exitGrace) {
            let neverRead = input.withLock { $0.dropped + $0.waiting.count + $0.linesInPipe(unread: unreadCounter) }
            process.stop(grace: Self.exitGrace)
            let events = neverRead == 1 ? "1 event" : "\(neverRead) events"
            report("pacer: the \(name) plugin did not exit when its input ended, so it was stopped; it never read \(events) of the session")
        }
        errors.waitUntilFinished(seconds: Self.finalFlush)
    }

    private func enqueue(_ line: String) {
        if input.withLock({ $0.enqueue(line, backlog: Self.backlog) }), droppingReported.setFirst() {
            report("pacer: the \(name) plugin is not reading its input; the oldest events waiting for it are being dropped")
        }
    }

    /// Writes what the plugin's input pipe takes now, without waiting.
    private func pump() {
        input.withLock { $0.pump() }
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
