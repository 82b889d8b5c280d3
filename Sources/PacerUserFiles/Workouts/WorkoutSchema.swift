import PacerSystem

/// The JSON Schema of workout files (format 1), as `workouts/schema.json` ships it.
public enum WorkoutSchema {
    /// The schema's text, embedded at build time.
    public static var bytes: [UInt8] { ShippedWorkouts.schema }

    /// The schema as a file on this machine, for a `"$schema"` that resolves: installed beside pacer
    /// (`PREFIX/share/pacer/schema.json` for `PREFIX/bin/pacer`), or in the checkout pacer was built
    /// in (`workouts/schema.json` above `.build/`); nil when there is neither.
    public static func localPath() -> String? {
        guard let executable = FileSystem.executablePath() else { return nil }
        var folder = parent(of: executable)
        let installed = parent(of: folder) + "/share/pacer/schema.json"
        if FileSystem.exists(installed) { return installed }
        while folder != "/", !folder.isEmpty {
            folder = parent(of: folder)
            let checkout = folder + "/workouts/schema.json"
            if FileSystem.exists(folder + "/Package.swift"), FileSystem.exists(checkout) { return checkout }
        }
        return nil
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
