import PacerFormats
import PacerFoundation
import PacerWorkout
import Testing

@Suite struct WorkoutFormatTests {
    @Test func theContentDecidesBeforeTheExtension() {
        let zwo = Array("\u{FEFF}<?xml version=\"1.0\"?>\n<workout_file/>".utf8)
        #expect(WorkoutFormat.detect(zwo, path: "ride.txt") == .zwo)
        #expect(WorkoutFormat.detect(Array("[COURSE HEADER]\nMINUTES PERCENT\n".utf8), path: "x.erg") == .mrc)
        #expect(WorkoutFormat.detect(Array("[COURSE  HEADER]\nMINUTES  WATTS\n".utf8), path: "x.mrc") == .erg)
        #expect(WorkoutFormat.detect(Array("[COURSE DATA]\n0 50\n".utf8), path: "x.MRC") == .mrc)
        #expect(
            WorkoutFormat.detect(Array(#"{"name": "x", "steps": []}"#.utf8), path: "x.zwo") == nil, "a workout's own JSON is never imported"
        )
        #expect(WorkoutFormat.detect([], path: "dir.zwo/ride") == nil)
        #expect(WorkoutFormat.detect([], path: "ride.ZWO") == .zwo)
        #expect(WorkoutFormat.detect(Array("junk".utf8), path: "ride.json") == nil)
    }

    @Test func everyFormatOfTheTableHasOneNameAndExtensionsOfItsOwn() {
        let names = WorkoutFormat.all.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        let extensions = WorkoutFormat.all.flatMap { $0.extensions + $0.looseExtensions }
        #expect(Set(extensions).count == extensions.count, "\(extensions)")
        #expect(WorkoutFormat.workoutFileExtensions == ["json"] + WorkoutFormat.readable.flatMap { $0.extensions + $0.looseExtensions })
        for format in WorkoutFormat.all {
            #expect(WorkoutFormat.named(format.name.uppercased(), among: WorkoutFormat.all) == format)
            #expect(format.isReadable || format.isWritable, "\(format) is neither read nor written")
            for written in format.extensions where format.isReadable {
                #expect(WorkoutFormat.extensionFormat(of: "dir/ride.\(written.uppercased())") == format)
                #expect(WorkoutFormat.importExtension(of: "ride.\(written)") == written)
            }
            for loose in format.looseExtensions {
                #expect(WorkoutFormat.extensionFormat(of: "ride.\(loose)") == nil, ".\(loose) alone says nothing")
                #expect(WorkoutFormat.importExtension(of: "ride.\(loose)") == loose)
            }
        }
    }

    /// What pacer writes in a format it reads is known as that format by its content alone.
    @Test(arguments: WorkoutFormat.writable.filter(\.isReadable))
    func aFileWrittenInAFormatIsDetectedAsIt(format: WorkoutFormat) throws {
        let workout = try NotationWorkout("5m Warm-up @ 60%, 3x(2m Hard @ 105%, 1m easy @ 50%)").decode().workout
        let written = try WorkoutExport.write(workout, as: format, thresholds: TargetThresholds(ftp: 250))
        #expect(WorkoutFormat.detect(written.bytes, path: "ride") == format)
        let imported = try WorkoutImport.read(written.bytes, format: format, name: "ride")
        #expect(Plan(imported.workout).phases.count == Plan(workout).phases.count, "\(format)")
    }

    @Test func theListsInWordsNameEveryFormat() {
        let readable = WorkoutFormat.readable
        #expect(WorkoutFormat.names(of: [.zwo, .erg, .fit]) == "zwo, erg or fit")
        #expect(WorkoutFormat.apps(of: [.zwo, .icu, .yaml]) == "Zwift, intervals.icu and YAML")
        #expect(WorkoutFormat.usualExtensions(of: [.mrc, .icu, .yaml]) == ".mrc, .yaml", "intervals.icu text has no extension of its own")
        #expect(WorkoutFormat.names(of: [.fit]) == "fit" && WorkoutFormat.names(of: []).isEmpty)
        let apps = WorkoutFormat.apps(of: readable)
        #expect(readable.allSatisfy { apps.contains($0.app) }, "\(apps)")
        let titles = WorkoutFormat.titles(of: readable, last: "nor")
        #expect(readable.allSatisfy { titles.contains($0.title) }, "\(titles)")
        #expect(titles.hasSuffix(" nor a Garmin FIT workout (.fit)"))
    }
}
