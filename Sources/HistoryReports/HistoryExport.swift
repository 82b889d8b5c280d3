import History
import PacerEngine
import PacerFoundation
import PacerWorkout

/// `pacer history --json` and `--csv`: the sessions and their phases for other programs.
public enum HistoryExport {
    /// An array of sessions, one per line, each with its phases; written a session at a time.
    public static func json(_ sessions: [SessionRecord], to output: inout some TextOutputStream) {
        guard !sessions.isEmpty else { return output.write("[]\n") }
        for (number, session) in sessions.enumerated() {
            output.write((number == 0 ? "[\n  " : ",\n  ") + json(session))
        }
        output.write("\n]\n")
    }

    static let csvHeader = [
        "session", "workout", "file", "started", "ended", "outcome", "index", "kind", "name",
        "planned", "active", "phase_outcome", "reps", "weight", "unit", "exercise",
        "distance", "open", "target", "phase_started", "actual", "avg_power", "max_power", "np", "kj",
        "avg_heart_rate", "max_heart_rate", "avg_cadence", "avg_speed",
    ]

    /// RFC 4180 CSV, one row per phase after a header, lines ending in CRLF. Text from the user's
    /// data that a spreadsheet would run as a formula starts with `'`. With `visible` (output to a
    /// terminal), control characters are written as escapes instead of raw.
    public static func csv(_ sessions: [SessionRecord], visible: Bool, to output: inout some TextOutputStream) {
        func line(_ row: [CSVField]) -> String {
            CSVField.line(row, visible: visible)
        }
        output.write(line(csvHeader.map(CSVField.value)))
        for session in sessions {
            output.write(
                session.phases.map { phase in
                    line(
                        [
                            .value(String(session.id)), .text(session.workout), .text(session.file), .value(session.started.iso8601),
                            .value(session.ended?.iso8601 ?? ""), .value(session.outcomeText), .value(String(phase.index)),
                            .value(phase.kind.rawValue), .text(phase.name), .value(phase.planned.map(seconds) ?? ""),
                            .value(seconds(phase.active)), .value(phase.outcome.rawValue), .value(phase.reps.map(String.init) ?? ""),
                            phase.weight.map { $0.value.map { .value(JSONText.number($0)) } ?? .text($0.text) } ?? .value(""),
                            .text(phase.weight?.unit ?? ""), .text(phase.exercise ?? ""), .text(phase.distance ?? ""),
                            .value(phase.isOpen ? "1" : "0"), .text(phase.targets.description),
                            .value(phase.started.map(JSONText.number) ?? ""),
                            .text(phase.measured.map(SessionDetail.actual) ?? ""),
                        ] + measuredCells(phase.measured))
                }.joined())
        }
    }

    /// The measured averages and maxima of the CSV's last columns, empty when not measured.
    private static func measuredCells(_ measured: MeasuredRecord?) -> [CSVField] {
        let channels = measured?.channels ?? [:]
        return [
            channels[.power]?.average, channels[.power]?.maximum, measured?.normalizedPower, measured?.kilojoules,
            channels[.heartRate]?.average, channels[.heartRate]?.maximum, channels[.cadence]?.average, channels[.speed]?.average,
        ]
        .map { .value($0.map(JSONText.number) ?? "") }
    }

    private static func json(_ session: SessionRecord) -> String {
        object(
            [
                ("id", String(session.id)), ("workout", string(session.workout)), ("file", string(session.file)),
                ("started", string(session.started.iso8601)), ("ended", session.ended.map { string($0.iso8601) } ?? "null"),
                ("outcome", string(session.outcomeText)), ("planned", seconds(session.planned)), ("active", seconds(session.active)),
                ("paused", session.paused.map(seconds) ?? "null"), ("speed", JSONText.number(session.speed)),
                ("ftp", session.ftp.map(JSONText.number) ?? "null"),
                ("tss", session.stress.map { StatsReport.number($0.score) } ?? "null"),
                ("tss_planned", session.stress.map { $0.isMeasured ? "false" : "true" } ?? "null"),
            ] + (session.measured?.fields.map { ($0.key, $0.json) } ?? []) + [
                (
                    "pauses",
                    "["
                        + session.pauses.map {
                            object([("started", JSONText.number($0.started)), ("ended", $0.ended.map(JSONText.number) ?? "null")])
                        }
                        .joined(separator: ",") + "]"
                ),
                ("phases", "[" + session.phases.map(json).joined(separator: ",") + "]"),
            ])
    }

    /// A phase, with the target fields of `show --json` after its own, then what was measured as
    /// `phase.end` gives it.
    private static func json(_ phase: PhaseRecord) -> String {
        var object = writer([
            ("index", String(phase.index)), ("kind", string(phase.kind.rawValue)), ("name", string(phase.name)),
            ("exercise", phase.exercise.map(string) ?? "null"),
            ("planned", phase.planned.map(seconds) ?? "null"), ("active", seconds(phase.active)),
            ("outcome", string(phase.outcome.rawValue)), ("reps", phase.reps.map(String.init) ?? "null"),
            ("weight", phase.weight.map { $0.value.map(JSONText.number) ?? string($0.text) } ?? "null"),
            ("unit", phase.weight?.unit.map(string) ?? "null"),
            ("distance", phase.distance.map(string) ?? "null"), ("open", phase.isOpen ? "true" : "false"),
            ("started", phase.started.map(JSONText.number) ?? "null"),
        ])
        phase.targets.add(to: &object)
        for field in phase.measured?.fields ?? [] { object.add(field.key, raw: field.json) }
        return object.text
    }

    /// A JSON object from keys and the JSON text of their values, in order.
    static func object(_ fields: [(String, String)]) -> String {
        writer(fields).text
    }

    /// A JSON object being written, with these keys and the JSON text of their values, in order.
    private static func writer(_ fields: [(String, String)]) -> JSONObjectWriter {
        var object = JSONObjectWriter()
        for (key, value) in fields { object.add(key, raw: value) }
        return object
    }

    /// A JSON string (JSONText escapes DEL and C1 too, so the output is safe on a terminal).
    static func string(_ text: String) -> String {
        JSONText.quoted(text)
    }

    static func seconds(_ duration: WorkoutDuration) -> String {
        JSONText.number(duration.seconds)
    }
}
