import PacerFoundation

/// Where the values of a workout made from another text were written, by JSON path as the decoder
/// names them (`steps[2].steps[0]`): what moves a decoder's finding at a path to its place in
/// the source, the place of the nearest path above it when the path itself has none.
public struct SourceMap: Sendable {
    private var places: [String: SourcePlace]

    public init(_ places: [String: SourcePlace] = [:]) {
        self.places = places
    }

    /// The places of steps read in order, each with the places of the steps it holds: `steps[i]`,
    /// then `steps[i].steps[j]` for a repeat's steps, and so on down.
    public init(steps: [StepSource]) {
        self.init()
        add(steps, under: "steps")
    }

    private mutating func add(_ steps: [StepSource], under path: String) {
        for (index, step) in steps.enumerated() {
            let stepPath = "\(path)[\(index)]"
            places[stepPath] = step.place
            add(step.inner, under: stepPath + ".steps")
        }
    }

    /// The place of `path`, or of the nearest path above it that has one; nil when none has.
    public func place(of path: String) -> SourcePlace? {
        var path = Substring(path)
        while !path.isEmpty {
            if let place = places[String(path)] { return place }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            path = path[..<cut]
        }
        return nil
    }

    /// A finding at a JSON path moved to the place of that path (or `outside` when no path above
    /// it has one); a finding elsewhere, or with no place, as it is.
    public func located(_ diagnostic: Diagnostic, outside: SourcePlace? = nil) -> Diagnostic {
        guard case .path(let path) = diagnostic.location, let place = place(of: path) ?? outside else { return diagnostic }
        return place.diagnostic(diagnostic.message, severity: diagnostic.severity)
    }
}

/// Where a step of a workout was read from, with the places of the steps it holds (a repeat's),
/// in the workout's order.
public struct StepSource: Sendable {
    public let place: SourcePlace
    public var inner: [StepSource]

    public init(_ place: SourcePlace, inner: [StepSource] = []) {
        self.place = place
        self.inner = inner
    }
}
