import PacerFoundation
import PacerSystem
import Synchronization

/// A one-line progress bar redrawn in place on a terminal: `speaking [######......]  52%`.
public final class ProgressBar: Sendable {
    private let output: DescriptorOutput
    private let width: Int
    /// What is on the line now: the label and the percentage.
    private let shown = Mutex<(label: String, percent: Int)?>(nil)

    public init(output: DescriptorOutput, width: Int = 30) {
        self.output = output
        self.width = width
    }

    /// Shows `done` of `total` after `label`; redraws only when the whole percentage changes.
    public func show(_ label: String, done: Int, of total: Int) {
        let percent = total > 0 ? min(100, done * 100 / total) : 100
        shown.withLock { shown in
            guard shown?.label != label || shown?.percent != percent else { return }
            shown = (label, percent)
            let filled = percent * width / 100
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            let line: TerminalText = "\(label) [\(bar)] \(TerminalText("\(percent)%").leftPadded(to: 4))"
            output.write("\r" + line.rendered + "\u{1B}[K")
        }
    }

    /// Clears the line.
    public func finish() {
        shown.withLock { shown in
            guard shown != nil else { return }
            shown = nil
            output.write("\r\u{1B}[K")
        }
    }
}
