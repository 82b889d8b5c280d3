import PacerFormats
import Testing

@Suite struct WorkoutFormatTests {
    @Test func theContentDecidesBeforeTheExtension() {
        let zwo = Array("\u{FEFF}<?xml version=\"1.0\"?>\n<workout_file/>".utf8)
        #expect(WorkoutFormat.detect(zwo, path: "ride.txt") == .zwo)
        #expect(WorkoutFormat.detect(Array("[COURSE HEADER]\nMINUTES PERCENT\n".utf8), path: "x.erg") == .mrc)
        #expect(WorkoutFormat.detect(Array("[COURSE  HEADER]\nMINUTES  WATTS\n".utf8), path: "x.mrc") == .erg)
        #expect(WorkoutFormat.detect(Array("[COURSE DATA]\n0 50\n".utf8), path: "x.MRC") == .mrc)
        #expect(WorkoutFormat.detect(Array(#"{"name": "x", "steps": []}"#.utf8), path: "x.zwo") == nil, "a workout's own JSON is never imported")
        #expect(WorkoutFormat.detect([], path: "dir.zwo/ride") == nil)
        #expect(WorkoutFormat.detect([], path: "ride.ZWO") == .zwo)
        #expect(WorkoutFormat.detect(Array("junk".utf8), path: "ride.json") == nil)
    }
}
