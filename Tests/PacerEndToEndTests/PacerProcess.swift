import Foundation
import Glibc
import Testing

/// The built `pacer` executable, found from this file's place in the package.
enum PacerBinary {
    /// The package root, three levels up from `Tests/PacerEndToEndTests/PacerProcess.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // PacerEndToEndTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // the package

    static let path = packageRoot.appendingPathComponent(".build/debug/pacer").path

    /// The binary, or a test failure that says how to get one.
    static func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(
            FileManager.default.isExecutableFile(atPath: path),
            "the pacer binary is missing at \(path): build it with 'swift build' (swift test builds it too, as this test target depends on the pacer product)",
            sourceLocation: sourceLocation)
        return URL(fileURLWithPath: path)
    }
}

/// What a finished `pacer` process did.
struct PacerResult: Sendable, CustomStringConvertible {
    let arguments: [String]
    /// The exit status, or 128 + the signal number if the process was killed by a signal.
    let status: Int32
    let stdout: String
    let stderr: String
    /// Real seconds from launch to exit.
    let seconds: Double
    /// The longest time the whole machine stalled meanwhile (see `StallProbe`).
    let stalled: Double
    let timedOut: Bool

    /// Seconds from launch to exit that pacer can answer for: less the machine's longest stall.
    var secondsUnstalled: Double { seconds - stalled }

    /// The non-empty lines of standard output and error.
    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

    /// A session's closing summary ("Workout complete. …"): the last line of its output but for
    /// what the history adds after it ("2nd session this week").
    var summaryLine: String? {
        stdoutLines.last { line in ["Workout complete.", "Session ended early.", "Session interrupted."].contains { line.hasPrefix($0) } }
    }

    var description: String {
        "pacer \(arguments.joined(separator: " ")) → status \(status)\(timedOut ? " (timed out)" : "") in \(String(format: "%.2f", seconds)) s (the machine stalled up to \(String(format: "%.2f", stalled)) s)\n--- stdout:\n\(stdout)--- stderr:\n\(stderr)---"
    }
}

/// What a `pacer` process reads on standard input.
enum StandardInput: Sendable {
    /// `/dev/null`.
    case null
    /// These bytes through a pipe, which is then closed (end of input).
    case data(Data)
    /// A pipe the test keeps open and writes to with `PacerProcess.write(_:)`.
    case open
    /// A pipe already holding these bytes (at most 64 KiB, what a pipe holds) and already closed by
    /// its writer before pacer starts, as `cat file | pacer` is when cat is quick.
    case closedPipe(Data)
    /// A file, as with `pacer < FILE`.
    case file(String)

    static func text(_ text: String) -> StandardInput { .data(Data(text.utf8)) }
}

/// How much of the machine a pacer process takes while it runs.
enum Load: Sendable {
    /// A short session or command: a few run side by side.
    case ordinary
    /// A process that keeps a core busy (a flood of commands, 100,000 phases): it runs with no other
    /// pacer beside it, so that it neither makes the tests that measure lateness fail on a small
    /// machine nor is slowed by them.
    case heavy
    /// A command that returns at once (`pacer ctl`), run while its own test's session holds a place:
    /// it takes none, so it never waits behind a heavy process for the place its test holds.
    case beside
}

/// Places for pacer processes: at most `count` ordinary ones at once, or one heavy one alone,
/// taken in the order asked for. A test holds a place only while its process runs, and never
/// asks for a second one meanwhile, so no test waits on another forever.
actor ProcessSlots {
    static let shared = ProcessSlots(count: 4)

    let count: Int
    private var free: Int
    private var waiting: [(needed: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(count: Int) {
        self.count = count
        free = count
    }

    func places(for load: Load) -> Int {
        switch load {
        case .ordinary: 1
        case .heavy: count
        case .beside: 0
        }
    }

    func acquire(_ needed: Int) async {
        if needed == 0 || waiting.isEmpty && free >= needed {
            free -= needed
            return
        }
        await withCheckedContinuation { waiting.append((needed, $0)) }
    }

    func release(_ count: Int) {
        free += count
        while let first = waiting.first, free >= first.needed {
            free -= first.needed
            waiting.removeFirst()
            first.continuation.resume()
        }
    }
}

/// A running `pacer` (or a copy of it): launched with arguments, an environment, a working folder
/// and standard input; its standard output and error are collected as they come.
final class PacerProcess: @unchecked Sendable {
    let arguments: [String]
    private let process = Process()
    private let stdout = Collector()
    private let stderr = Collector()
    private var stdinPipe: Pipe?
    private var started = Date()
    /// When the process exited, taken as it happens (not when a test gets round to looking).
    private let exited = ExitTime()

    /// Launches `executable` (by default the built pacer) with `arguments`, once a place is free
    /// for a process of this `load`.
    init(
        _ arguments: [String], environment: [String: String], directory: URL, stdin: StandardInput = .null,
        executable: URL? = nil, load: Load = .ordinary, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        self.arguments = arguments
        // The place first, the pipes after: a test waiting for its place holds no descriptors. (With
        // every test's pipes made first, the test process held some 1,400 while waiting, and
        // Foundation's Process.run once crashed reading so many.)
        let places = await ProcessSlots.shared.places(for: load)
        await ProcessSlots.shared.acquire(places)
        do {
            try launch(
                executable: executable, directory: directory, environment: environment, stdin: stdin, places: places,
                sourceLocation: sourceLocation)
        } catch {
            await ProcessSlots.shared.release(places)
            throw error
        }
    }

    /// Sets the process up and starts it, in the place `places` taken for it.
    private func launch(
        executable: URL?, directory: URL, environment: [String: String], stdin: StandardInput, places: Int,
        sourceLocation: SourceLocation
    ) throws {
        process.executableURL = try executable ?? PacerBinary.require(sourceLocation: sourceLocation)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        switch stdin {
        case .null:
            stdinPipe = nil
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null") ?? FileHandle.nullDevice
        case .data, .open:
            let pipe = Pipe()
            stdinPipe = pipe
            process.standardInput = pipe
        case .closedPipe(let data):
            stdinPipe = nil
            try #require(data.count <= 65_536, "a pipe holds 64 KiB; more would block before pacer starts", sourceLocation: sourceLocation)
            let pipe = Pipe()
            try #require(writeWithoutSIGPIPE(pipe.fileHandleForWriting.fileDescriptor, data), sourceLocation: sourceLocation)
            try pipe.fileHandleForWriting.close()
            process.standardInput = pipe.fileHandleForReading
        case .file(let path):
            stdinPipe = nil
            let handle: FileHandle = try #require(FileHandle(forReadingAtPath: path), "cannot read \(path)", sourceLocation: sourceLocation)
            process.standardInput = handle
        }
        StallProbe.start()
        process.terminationHandler = { [exited] _ in
            exited.mark()
            Task { await ProcessSlots.shared.release(places) }
        }
        started = Date()
        try process.run()
        stdout.drain(outPipe.fileHandleForReading)
        stderr.drain(errPipe.fileHandleForReading)
        if case .data(let data) = stdin, let stdinPipe {
            let handle = stdinPipe.fileHandleForWriting
            Thread.detachNewThread {
                _ = writeWithoutSIGPIPE(handle.fileDescriptor, data)
                try? handle.close()
            }
        }
    }

    /// A process a failed test left running is not left to hold its place.
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// Writes input (for `.open` standard input); false if pacer no longer reads it.
    @discardableResult
    func write(_ text: String) -> Bool {
        guard let stdinPipe else { return false }
        return writeWithoutSIGPIPE(stdinPipe.fileHandleForWriting.fileDescriptor, Data(text.utf8))
    }

    /// Ends standard input (for `.open` standard input).
    func closeInput() throws {
        try stdinPipe?.fileHandleForWriting.close()
    }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// How long after `moment` the process exited, less the longest time the machine stalled
    /// meanwhile (see `StallProbe`); nil while it runs.
    func secondsToExit(after moment: Date) -> Double? {
        guard let exit = exited.time else { return nil }
        return exit.timeIntervalSince(moment) - StallProbe.shared.longest(from: moment, to: exit)
    }

    /// The process's resident memory in KiB (VmRSS in /proc), or nil once it has gone.
    var residentKilobytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    /// Writes `line` to standard input (`.open`) over and over, as `yes` does, on a thread of its
    /// own, until pacer stops reading or `stop()` is called.
    func flood(with line: String) -> Flood {
        let flood = Flood()
        guard let descriptor = stdinPipe?.fileHandleForWriting.fileDescriptor else { return flood }
        // Small writes, so that a process still reading shows as bytes written within a second even
        // on a loaded machine (a 64 KiB write completes only once 9,000 commands have been taken).
        let chunk = Data(String(repeating: line, count: max(1, 4_096 / max(1, line.utf8.count))).utf8)
        Thread.detachNewThread {
            while !flood.isStopped, writeWithoutSIGPIPE(descriptor, chunk) {
                flood.add(chunk.count)
            }
            flood.stop()
        }
        return flood
    }

    /// Standard output so far.
    var outputSoFar: String { stdout.text }

    /// Standard error so far.
    var errorsSoFar: String { stderr.text }

    /// Waits for the process to exit (killing it after `timeout` seconds) and for its output to end.
    func finish(timeout: Double = 10) async -> PacerResult {
        let start = Date()
        var timedOut = false
        while process.isRunning {
            if StallProbe.shared.outlasted(timeout, since: start) {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
        // The handler that notes the exit may run a moment after isRunning turns false.
        let waitForHandler = Date().addingTimeInterval(1)
        while exited.time == nil, Date() < waitForHandler { try? await Task.sleep(for: .milliseconds(1)) }
        let exit = exited.time ?? Date()
        let seconds = exit.timeIntervalSince(started)
        // The pipes reach end of file once the process (the only writer) is gone; a grandchild
        // holding them open must not hang the test.
        let drainDeadline = Date().addingTimeInterval(2)
        while !(stdout.isFinished && stderr.isFinished), Date() < drainDeadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        if stdinPipe != nil { try? stdinPipe?.fileHandleForWriting.close() }
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return PacerResult(
            arguments: arguments, status: status, stdout: stdout.text, stderr: stderr.text,
            seconds: seconds, stalled: StallProbe.shared.longest(from: started, to: exit), timedOut: timedOut)
    }

    /// Runs pacer to the end and returns what it did.
    static func run(
        _ arguments: [String], in sandbox: Sandbox, environment extra: [String: String] = [:],
        stdin: StandardInput = .null, executable: URL? = nil, load: Load = .ordinary, timeout: Double = 10,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> PacerResult {
        let process = try await PacerProcess(
            arguments, environment: sandbox.environment(extra), directory: sandbox.directory,
            stdin: stdin, executable: executable, load: load, sourceLocation: sourceLocation)
        let result = await process.finish(timeout: timeout)
        #expect(!result.timedOut, "pacer did not finish within \(timeout) s: \(result)", sourceLocation: sourceLocation)
        return result
    }
}

/// The moment a process exited, noted by its termination handler.
private final class ExitTime: @unchecked Sendable {
    private let lock = NSLock()
    private var exited: Date?

    func mark() { lock.withLock { exited = Date() } }
    var time: Date? { lock.withLock { exited } }
}

/// A writer flooding pacer's standard input: how much it wrote, and a way to stop it.
final class Flood: @unchecked Sendable {
    private let lock = NSLock()
    private var written = 0
    private var stopped = false

    var bytesWritten: Int { lock.withLock { written } }
    var isStopped: Bool { lock.withLock { stopped } }

    func add(_ count: Int) { lock.withLock { written += count } }
    func stop() { lock.withLock { stopped = true } }
}

/// Collects what a pipe delivers, on a thread of its own so the process never blocks on a full pipe.
private final class Collector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var finished = false

    func drain(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { data.append(chunk) }
            }
            try? handle.close()
            lock.withLock { finished = true }
        }
    }

    var isFinished: Bool { lock.withLock { finished } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}

/// Writes all of `data` to a pipe; if its reader is gone, reports false instead of letting
/// SIGPIPE kill the test runner. (Ignoring SIGPIPE process-wide would be inherited by pacer.)
func writeWithoutSIGPIPE(_ descriptor: Int32, _ data: Data) -> Bool {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    defer {
        // A SIGPIPE raised by our write is pending on this thread: take it before unblocking.
        var none = timespec(tv_sec: 0, tv_nsec: 0)
        while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
    var written = 0
    while written < data.count {
        let count = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
        if count < 0 {
            if errno == EINTR { continue }
            return false
        }
        written += count
    }
    return true
}

extension PacerProcess {
    /// Starts a session with standard input left open and waits until its log shows the first phase.
    static func startSession(
        _ arguments: [String], in sandbox: Sandbox, log path: String, environment extra: [String: String] = [:],
        load: Load = .ordinary, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> PacerProcess {
        let process = try await PacerProcess(
            arguments, environment: sandbox.environment(extra), directory: sandbox.directory,
            stdin: .open, load: load, sourceLocation: sourceLocation)
        let started = await eventually { EventLog.ifPresent(path)?.of("phase.start").isEmpty == false }
        #expect(started, "the session did not start", sourceLocation: sourceLocation)
        return process
    }
}

/// Polls `condition` every few milliseconds until it holds or `timeout` seconds pass, not counting
/// the time the machine stalled (`StallProbe`); returns whether it held.
func eventually(timeout: Double = 5, _ condition: () throws -> Bool) async rethrows -> Bool {
    let start = Date()
    while !StallProbe.shared.outlasted(timeout, since: start) {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
}

/// Notices when this machine keeps every process waiting: a thread of the test process sleeps a
/// few milliseconds at a time and records each time it wakes much later than asked. On a shared
/// machine under heavy load, pacer is late by about as much as this probe is, through no fault
/// of its own; tests that measure time allow what the probe saw on top of their own bound, so the
/// bound holds exactly on a quiet machine and a stalled machine does not fail a correct pacer.
final class StallProbe: @unchecked Sendable {
    static let shared = StallProbe()

    private let lock = NSLock()
    /// Each stall: when it ended (seconds since 1970) and how long it was.
    private var stalls: [(end: Double, length: Double)] = []

    private init() {
        Thread.detachNewThread { [self] in
            while true {
                let before = Date().timeIntervalSince1970
                usleep(5_000)
                let after = Date().timeIntervalSince1970
                let late = after - before - 0.005
                if late > 0.01 {
                    lock.withLock {
                        stalls.append((after, late))
                        if stalls.count > 10_000 { stalls.removeFirst(5_000) }
                    }
                }
            }
        }
    }

    /// Starts watching, if it has not started yet.
    static func start() {
        _ = shared
    }

    /// Whether more than `seconds` have passed since `start` besides the time the machine stalled:
    /// a wait for a state gives up only after that long of a running machine.
    func outlasted(_ seconds: Double, since start: Date) -> Bool {
        let now = Date()
        let from = start.timeIntervalSince1970
        let stalled = lock.withLock { stalls.filter { $0.end >= from }.reduce(0) { $0 + min($1.length, $1.end - from) } }
        return now.timeIntervalSince(start) - stalled > seconds
    }

    /// The longest stall that overlapped the time from `start` to `end`.
    func longest(from start: Date, to end: Date) -> Double {
        let from = start.timeIntervalSince1970
        let to = end.timeIntervalSince1970
        return lock.withLock {
            stalls.filter { $0.end >= from && $0.end - $0.length <= to }.map(\.length).max() ?? 0
        }
    }
}
