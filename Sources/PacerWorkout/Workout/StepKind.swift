/// What a step of a workout file is, as its one kind key says: a timed phase (`work`, `rest`, …),
/// a rep step, a repeat, a `for`, a circuit, an EMOM (`every`) or an AMRAP.
enum StepKind: Sendable, Equatable {
    case timed(PhaseKind)
    case reps
    case repeated
    case forEach
    case circuit
    case emom
    case amrap

    /// Every kind, in the order the format lists their keys.
    static let all: [StepKind] = PhaseKind.timed.map(StepKind.timed) + [.reps, .repeated, .forEach, .circuit, .emom, .amrap]

    /// The kind a key gives a step, or nil for a key that gives none (`name`).
    init?(key: String) {
        guard let kind = Self.byKey[key] else { return nil }
        self = kind
    }

    /// Every kind by its key: each key of each step is looked up here.
    private static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

    /// The key that gives a step this kind.
    var key: String {
        switch self {
        case .timed(let kind): kind.rawValue
        case .reps: "reps"
        case .repeated: "repeat"
        case .forEach: "for"
        case .circuit: "circuit"
        case .emom: "every"
        case .amrap: "amrap"
        }
    }

    /// Whether the step holds steps or exercises of its own, and so nests.
    var nests: Bool {
        switch self {
        case .timed, .reps: false
        case .repeated, .forEach, .circuit, .emom, .amrap: true
        }
    }

    /// The kinds a step with these keys (in their order) has, as the decoder reads them: a
    /// circuit's `work` and `rest` are its settings, not kinds of their own.
    static func kinds(among keys: some Sequence<String>) -> [StepKind] {
        let kinds = keys.compactMap(StepKind.init(key:))
        return kinds.contains(.circuit) ? [.circuit] : kinds
    }
}
