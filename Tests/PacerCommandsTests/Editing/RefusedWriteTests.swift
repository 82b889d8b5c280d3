import Foundation
import Testing

/// Issue 41, item 6: a command never writes over a workout it read, by whatever name the output is given.
@Suite("refused writes")
struct RefusedWriteTests {
    static let workout = #"{"name": "Mine", "steps": [{"work": "5m", "power": "90%"}]}"#

    @Test func noCommandWritesOverTheWorkoutItRead() throws {
        let home = try CommandLineHome()
        let path = try home.write("mine.json", Self.workout)
        let (link, linkText) = (home.file("link.json"), home.file("link.txt"))
        let icu = "- 10m 60%\n"
        let ride = try home.write("ride.json", icu)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        try FileManager.default.createSymbolicLink(atPath: linkText, withDestinationPath: ride)
        for (arguments, file, text) in [
            (["export", path, "--to", "icu", "-o", path], path, Self.workout),
            (["export", path, "--to", "zwo", "-o", link], path, Self.workout),
            (["export", link, "--to", "erg", "-o", home.file("./mine.json")], path, Self.workout),
            (["new", "copy", "--from", path, "-o", link, "--force"], path, Self.workout),
            (["import", "--from", "icu", "-o", linkText, "--force", ride], ride, icu),
            (["import", "--from", "icu", "-d", home.path, "--force", ride], ride, icu),
        ] {
            let result = home.call(arguments)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("the workout file and the output would be one file"), "\(result)")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == text, "\(result)")
        }
    }
}
