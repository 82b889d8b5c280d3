import HistoryReports
import PacerFoundation

/// Output built as lines, read back as the text a user sees.
package protocol PrintedLines {
    var lines: [TerminalText] { get }
}

extension PrintedLines {
    /// The lines as printed, each ending in a newline.
    package var text: String { lines.map { $0.rendered + "\n" }.joined() }
}

extension HistoryListing: PrintedLines {}
extension SessionDetail: PrintedLines {}
extension StatsReport: PrintedLines {}
extension PlanReport: PrintedLines {}
extension WeightReport: PrintedLines {}
