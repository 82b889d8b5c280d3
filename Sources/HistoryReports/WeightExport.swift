import History
import PacerFoundation

/// `pacer weight --json` and `--csv`: every reading, oldest first, as written.
public enum WeightExport {
    /// `[{"id":1,"date":"2026-11-30","weight":82.5,"unit":"kg"}, …]`, one reading per line.
    public static func json(_ weighIns: [WeighIn]) -> String {
        guard !weighIns.isEmpty else { return "[]\n" }
        return "[\n  "
            + weighIns.map { weighIn in
                HistoryExport.object([
                    ("id", String(weighIn.id)), ("date", HistoryExport.string(weighIn.day.description)),
                    ("weight", JSONText.number(weighIn.weight.value)), ("unit", HistoryExport.string(weighIn.weight.unit.rawValue)),
                ])
            }.joined(separator: ",\n  ") + "\n]\n"
    }

    static let csvHeader = ["id", "date", "weight", "unit"]

    /// RFC 4180 CSV with a header, lines ending in CRLF, cells as `pacer history --csv` writes them.
    public static func csv(_ weighIns: [WeighIn], visible: Bool) -> String {
        ([csvHeader.map(CSVField.value)]
            + weighIns.map { weighIn in
                [
                    .value(String(weighIn.id)), .value(weighIn.day.description), .value(JSONText.number(weighIn.weight.value)),
                    .text(weighIn.weight.unit.rawValue),
                ]
            }).map { row in CSVField.line(row, visible: visible) }.joined()
    }
}
