import Foundation
import PacerFormats
import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWorkout
import Testing

@testable import PacerCommands

/// Issue 42, item 5: an ERG's `FTP =` stands in for the athlete's FTP when they gave none, and
/// says so once; theirs wins when they give one.
@Suite("an imported file's FTP")
struct FileFTPTests {
    /// A course file of 10 minutes at `low` then 10 at `high`, with `header` in its header.
    static func course(_ header: String, _ low: Int, _ high: Int) -> String {
        "[COURSE HEADER]\n\(header)[END COURSE HEADER]\n[COURSE DATA]\n0 \(low)\n10 \(low)\n10 \(high)\n20 \(high)\n[END COURSE DATA]\n"
    }

    static let percentERG = course("FTP = 250\nMINUTES PERCENT\n", 50, 100)
    static let wattsERG = course("FTP = 250\nMINUTES WATTS\n", 125, 250)
    static let plainMRC = course("MINUTES PERCENT\n", 50, 100)

    /// The workout in a file named `name` holding `text`, loaded with `thresholds`.
    func loaded(_ text: String, named name: String, thresholds: TargetThresholds = .none) throws -> LoadedWorkout {
        let folder = NSTemporaryDirectory() + "pacer-file-ftp-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        let library = WorkoutLibrary(environment: Environment(["HOME": "/nonexistent"]), notationName: nil)
        return try WorkoutLoader.load(folder + "/" + name, library: library).with(thresholds)
    }

    /// The target rows of the timeline, and its planned load line, spaces squeezed.
    func shown(_ loaded: LoadedWorkout) -> [String] {
        Timeline(loaded: loaded, colored: false, columns: 80).lines.map { $0.plain.split(separator: " ").joined(separator: " ") }
            .filter { $0.hasPrefix("@") || $0.hasPrefix("Planned load") }
    }

    func notes(_ loaded: LoadedWorkout) -> [String] {
        loaded.warnings.filter { $0.contains("note: using the file's FTP") }
    }

    // A review of issue 42: the loaded workout's `bytes` are its JSON, and only an imported file
    // has its own bytes, format and FTP besides.
    @Test func anImportedFileKeepsItsOwnBytesApartFromTheJSON() throws {
        let erg = try loaded(Self.percentERG, named: "ride.erg")
        #expect(erg.imported != nil && erg.imported?.ftp == 250, "an ERG of percentages is imported, with its FTP")
        #expect(erg.imported?.bytes == Array(Self.percentERG.utf8) && erg.bytes.first == UInt8(ascii: "{"))
        let json = #"{"name": "Own", "steps": [{"work": 30}]}"#
        let own = try loaded(json, named: "own.json")
        #expect(own.imported == nil && own.bytes == Array(json.utf8))
    }

    @Test func aPercentERGShowsWattsOfItsOwnFTPAndSaysSoOnce() throws {
        let loaded = try loaded(Self.percentERG, named: "ride.erg")
        #expect(
            shown(loaded) == [
                "@ 50 % FTP · 125 W", "@ 100 % FTP · 250 W", "Planned load: 225 kJ · NP 213 W (85 % FTP) · IF 0.85 · TSS 24.2",
            ])
        #expect(
            notes(loaded).count == 1
                && notes(loaded).first?.hasSuffix(
                    "ride.erg: note: using the file's FTP of 250 W (--ftp W or \"ftp\" in config.json gives yours)") == true,
            "\(loaded.warnings)")
        #expect(loaded.plan.thresholds.ftp == 250, "the run's display and planned load read the plan's FTP")
    }

    @Test func theAthletesFTPWinsWithoutANote() throws {
        let loaded = try loaded(Self.percentERG, named: "ride.erg", thresholds: TargetThresholds(ftp: 300, lthr: 160))
        #expect(
            shown(loaded) == [
                "@ 50 % FTP · 150 W", "@ 100 % FTP · 300 W", "Planned load: 270 kJ · NP 256 W (85 % FTP) · IF 0.85 · TSS 24.2",
            ])
        #expect(notes(loaded).isEmpty, "\(loaded.warnings)")
        #expect(loaded.plan.thresholds == TargetThresholds(ftp: 300, lthr: 160))
    }

    @Test func anERGInWattsGetsItsSharesAndOtherThresholdsStay() throws {
        let loaded = try loaded(Self.wattsERG, named: "watts.erg", thresholds: TargetThresholds(lthr: 160))
        #expect(
            shown(loaded) == [
                "@ 125 W · 50 % FTP", "@ 250 W · 100 % FTP", "Planned load: 225 kJ · NP 213 W (85 % FTP) · IF 0.85 · TSS 24.2",
            ])
        #expect(loaded.plan.thresholds == TargetThresholds(ftp: 250, lthr: 160))
        #expect(notes(loaded).count == 1)
    }

    @Test func anMRCWithoutFTPIsShownAsBefore() throws {
        let loaded = try loaded(Self.plainMRC, named: "plain.mrc")
        #expect(shown(loaded) == ["@ 50 % FTP", "@ 100 % FTP", "Planned load: NP 85 % FTP · IF 0.85 · TSS 24.2"])
        #expect(loaded.warnings.isEmpty && loaded.plan.thresholds.ftp == nil)
    }

    @Test func importSaysInOneLineThatAWorkoutFileHoldsNoFTP() throws {
        let imported = try WorkoutImport.read(Array(Self.percentERG.utf8), format: .erg, name: "ride")
        #expect(
            WorkoutImporting.ftpNote(of: imported, from: "ride.erg")
                == "ride.erg: note: a workout file holds no FTP: the file's FTP of 250 W is kept in the description only (--ftp 250 rides it at that FTP)"
        )
        #expect(imported.workout.description == "Written for an FTP of 250 W.")
        let plain = try WorkoutImport.read(Array(Self.plainMRC.utf8), format: .mrc, name: "plain")
        #expect(WorkoutImporting.ftpNote(of: plain, from: "plain.mrc") == nil)
    }
}
