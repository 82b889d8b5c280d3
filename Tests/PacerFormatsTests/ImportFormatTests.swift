import PacerFormats
import Testing

@Suite struct ImportFormatTests {
    @Test func theContentDecidesBeforeTheExtension() {
        let zwo = Array("\u{FEFF}<?xml version=\"1.0\"?>\n<workout_file/>".utf8)
        #expect(ImportFormat.detect(zwo, path: "ride.txt") == .zwo)
        #expect(ImportFormat.detect(Array("[COURSE HEADER]\nMINUTES PERCENT\n".utf8), path: "x.erg") == .mrc)
        #expect(ImportFormat.detect(Array("[COURSE  HEADER]\nMINUTES  WATTS\n".utf8), path: "x.mrc") == .erg)
        #expect(ImportFormat.detect(Array("[COURSE DATA]\n0 50\n".utf8), path: "x.MRC") == .mrc)
        #expect(ImportFormat.detect(Array(#"{"name": "x", "steps": []}"#.utf8), path: "x.zwo") == nil, "a workout's own JSON is never imported")
        #expect(ImportFormat.detect([], path: "dir.zwo/ride") == nil)
        #expect(ImportFormat.detect([], path: "ride.ZWO") == .zwo)
        #expect(ImportFormat.detect(Array("junk".utf8), path: "ride.json") == nil)
    }
}
