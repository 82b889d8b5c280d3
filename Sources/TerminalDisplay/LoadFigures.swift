import PacerWorkout

/// The figures of a training load as `pacer show` and the end of a session write them:
/// `812 kJ`, `NP 208 W (83 % FTP)`, `IF 0.83`, `TSS 71.3`, those known.
public enum LoadFigures {
    public static func figures(
        kilojoules: Double?, normalizedPower: Double?, normalizedPercent: Double?, intensityFactor: Double?,
        stressScore: Double?
    ) -> [String] {
        var figures: [String] = []
        if let kilojoules { figures.append(String(Int(kilojoules.rounded())) + " kJ") }
        let percent = normalizedPercent.map { String(Int($0.rounded())) + " % FTP" }
        switch (normalizedPower.map { String(Int($0.rounded())) + " W" }, percent) {
        case (let watts?, let percent?): figures.append("NP \(watts) (\(percent))")
        case (let watts?, nil): figures.append("NP \(watts)")
        case (nil, let percent?): figures.append("NP \(percent)")
        case (nil, nil): break
        }
        if let intensityFactor { figures.append("IF " + decimal(intensityFactor, places: 2)) }
        if let stressScore { figures.append("TSS " + decimal(stressScore, places: 1)) }
        return figures
    }

    /// The figures of a planned load.
    public static func figures(_ load: PlannedLoad) -> [String] {
        figures(
            kilojoules: load.kilojoules, normalizedPower: load.normalizedPower, normalizedPercent: load.normalizedPercent,
            intensityFactor: load.intensityFactor, stressScore: load.stressScore)
    }

    /// `0.83`: `value` to `places` (1 or 2) decimals, written out in full.
    public static func decimal(_ value: Double, places: Int) -> String {
        let scale = places == 1 ? 10.0 : 100.0
        let scaled = Int64((value * scale).rounded())
        let fraction = String(scaled % Int64(scale))
        return String(scaled / Int64(scale)) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
