#if canImport(Glibc)
import Glibc
#endif
import Foundation
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
    let timedOut: Bool

    /// The non-empty lines of standard output and error.
    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

    /// A session's closing summary ("Workout complete. …"): the last line of its output but for
    /// what the history adds after it ("2nd session this week").
    var summaryLine: String? {
        stdoutLines.last { line in ["Workout complete.", "Session ended early.", "Session interrupted."].contains { line.hasPrefix($0) } }
    }

    var description: String {
        "pacer \(arguments.joined(separator: " ")) → status \(status)\(timedOut ? " (timed out)" : "") in \(String(format: "%.2f", seconds)) s\n--- stdout:\n\(stdout)--- stderr:\n\(stderr)---"
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

    static func text(_ text: String) -> StandardInput { .data(Data(text.utf8)) }
}

/// A running `pacer` (or a copy of it): launched with arguments, an environment, a working folder
/// and standard input; its standard output and error are collected as they come.
final class PacerProcess: @unchecked Sendable {
    let arguments: [String]
    private let process = Process()
    private let stdout = Collector()
    private let stderr = Collector()
    private let stdinPipe: Pipe?
    private let started: Date

    /// Launches `executable` (by default the built pacer) with `arguments`.
    init(_ arguments: [String], environment: [String: String], directory: URL, stdin: StandardInput = .null,
         executable: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        self.arguments = arguments
        process.executableURL = try executable ?? PacerBinary.require(sourceLocation: sourceLocation)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        let outPipe = Pipe(), errPipe = Pipe()
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

    /// Standard output so far.
    var outputSoFar: String { stdout.text }

    /// Waits for the process to exit (killing it after `timeout` seconds) and for its output to end.
    func finish(timeout: Double = 10) async -> PacerResult {
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() >= deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
        let seconds = Date().timeIntervalSince(started)
        // The pipes reach end of file once the process (the only writer) is gone; a grandchild
        // holding them open must not hang the test.
        let drainDeadline = Date().addingTimeInterval(2)
        while !(stdout.isFinished && stderr.isFinished), Date() < drainDeadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        if stdinPipe != nil { try? stdinPipe?.fileHandleForWriting.close() }
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return PacerResult(arguments: arguments, status: status, stdout: stdout.text, stderr: stderr.text,
                           seconds: seconds, timedOut: timedOut)
    }

    /// Runs pacer to the end and returns what it did.
    static func run(_ arguments: [String], in sandbox: Sandbox, environment extra: [String: String] = [:],
                    stdin: StandardInput = .null, executable: URL? = nil, timeout: Double = 10,
                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> PacerResult {
        let process = try PacerProcess(arguments, environment: sandbox.environment(extra), directory: sandbox.directory,
                                       stdin: stdin, executable: executable, sourceLocation: sourceLocation)
        let result = await process.finish(timeout: timeout)
        #expect(!result.timedOut, "pacer did not finish within \(timeout) s: \(result)", sourceLocation: sourceLocation)
        return result
    }
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
    static func startSession(_ arguments: [String], in sandbox: Sandbox, log path: String, environment extra: [String: String] = [:],
                             sourceLocation: SourceLocation = #_sourceLocation) async throws -> PacerProcess {
        let process = try PacerProcess(arguments, environment: sandbox.environment(extra), directory: sandbox.directory,
                                       stdin: .open, sourceLocation: sourceLocation)
        let started = await eventually { EventLog.ifPresent(path)?.of("phase.start").count == 1 }
        #expect(started, "the session did not start", sourceLocation: sourceLocation)
        return process
    }
}

/// Polls `condition` every few milliseconds until it holds or `timeout` seconds pass; returns whether it held.
func eventually(timeout: Double = 5, _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
}
