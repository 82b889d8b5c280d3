import Synchronization

/// What a command wrote through `Output` while captured: standard output and standard error as text.
public final class CapturedOutput: Sendable {
    private let texts = Mutex((output: "", error: ""))

    init() {}

    public var output: String { texts.withLock { $0.output } }
    public var error: String { texts.withLock { $0.error } }

    func append(output text: String) {
        texts.withLock { $0.output += text }
    }

    func append(error text: String) {
        texts.withLock { $0.error += text }
    }
}

extension Output {
    /// Where the calling task's output goes instead of the descriptors, if it is captured.
    @TaskLocal static var capture: CapturedOutput?

    /// Runs `body` (a command) with what it writes through `Output` gathered for this task alone,
    /// so tests running side by side each see their own text; returns its status and the text.
    public static func capturing(_ body: () -> Int32) -> (status: Int32, output: String, error: String) {
        let captured = CapturedOutput()
        let status = $capture.withValue(captured, operation: body)
        return (status, captured.output, captured.error)
    }
}
