/// How fast to turn the pedals (or take strokes): revolutions per minute, one value or a range.
///
/// Written `90 rpm` or `85-95 rpm`.
public struct CadenceTarget: Sendable, Equatable, CustomStringConvertible {
    /// The cadence in rpm through the step.
    public let span: TargetSpan

    public init(span: TargetSpan) {
        self.span = span
    }

    static let examples = "90 rpm or 85-95 rpm"

    /// Reads a cadence target as written in a workout file.
    public init(parsing text: String) throws(TargetError) {
        let written = WrittenTarget(text)
        try written.requireValue(example: Self.examples)
        switch written.unit {
        case "rpm": break
        case "": throw TargetError("say what \(written.values) is: write \(written.values) rpm")
        default: throw TargetError("unknown cadence unit \"\(written.writtenUnit)\": write \(written.values) rpm")
        }
        let span = try written.numberSpan(.cadence, kind: "cadence", rampExample: nil, example: Self.examples)
        self.init(span: span)
    }

    /// For the display: `90 rpm`, `85–95 rpm`.
    public var description: String { span.text(TargetNumber.written) + " rpm" }

    /// The `"cadence"` object of `show --json` and `phase.start`.
    public var json: String { "{" + span.jsonMembers() + "}" }
}
