/// What an export lost or changed, gathered so that one reason is said once with the steps it touched.
struct ExportNotes {
    private var reasons: [(text: String, steps: [String])] = []

    /// Notes that `step` lost or changed something for `reason`.
    mutating func note(_ reason: String, step: String) {
        if let index = reasons.firstIndex(where: { $0.text == reason }) {
            if !reasons[index].steps.contains(step) { reasons[index].steps.append(step) }
        } else {
            reasons.append((reason, [step]))
        }
    }

    /// A line per reason, naming the first few steps it touched.
    var warnings: [String] {
        reasons.map { reason in
            let shown = reason.steps.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
            let more = reason.steps.count > 3 ? " and \(reason.steps.count - 3) more" : ""
            return "\(reason.text) (\(shown)\(more))"
        }
    }
}
