import Glibc
import PacerConfig
import PacerSystem
import PacerUserFiles
import PacerWorkout
import Testing

/// A file that cannot be read is named once, as its reader knows it, and called what it is: the
/// config file or a workout file (the size limit once spoke of "a workout file" for every stream).
@Suite("File errors, worded where they are read")
struct FileErrorWordingTests {
    /// A home folder under /tmp with a config file of `size` bytes, removed afterwards.
    private static func withConfig(size: Int, _ body: (Environment) throws -> Void) throws {
        let home = "/tmp/pacer-home-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try FileSystem.createDirectories(home + "/.config/pacer", mode: 0o700)
        defer {
            unlink(home + "/.config/pacer/config.json")
            rmdir(home + "/.config/pacer")
            rmdir(home + "/.config")
            rmdir(home)
        }
        let descriptor = open(home + "/.config/pacer/config.json", O_WRONLY | O_CREAT, 0o600)
        try #require(descriptor >= 0)
        try FileSystem.writeAll(descriptor, [UInt8](repeating: 0x20, count: size))
        close(descriptor)
        try body(Environment(["HOME": home]))
    }

    @Test func theConfigsSizeErrorNamesTheConfigFileUnderTilde() throws {
        try Self.withConfig(size: (1 << 20) + 1) { environment in
            let error = try #require(throws: ConfigLoadError.self) { try UserConfig.load(from: environment, settings: []) }
            guard case .unreadable(let failure, kind: "the config file", shown: "~/.config/pacer/config.json") = error,
                case .tooLarge(size: (1 << 20) + 1, limit: 1 << 20) = failure.reason
            else {
                Issue.record("not .unreadable for its size: \(error)")
                return
            }
            #expect(
                error.lines == [
                    "pacer: cannot read ~/.config/pacer/config.json: it is 1048577 bytes, more than the 1 MiB the config file may have"
                ])
        }
    }

    @Test func aWorkoutsReadErrorNamesTheFileOnce() throws {
        let missing = "/tmp/pacer-no-such-\(getpid()).json"
        let error = try #require(throws: WorkoutLoadError.self) {
            try WorkoutLoader.load(WorkoutLibrary(environment: Environment([:])).locate(missing))
        }
        guard case .unreadable(path: missing, let failure) = error, case .system("No such file or directory") = failure.reason else {
            Issue.record("not .unreadable: \(error)")
            return
        }
        #expect(error.signal == nil)
        #expect(error.lines == ["\(missing): error: No such file or directory"])
    }

    /// Why a workout cannot be loaded is a case to switch on: no such name (with the library's own
    /// case), a file given a notation's --name, a line of notation with a mistake (its problems and
    /// the line, for the caret); each says what it did, and after another's words without `pacer:`.
    @Test func aWorkoutThatCannotBeLoadedSaysWhichCase() throws {
        let environment = Environment(["XDG_CONFIG_HOME": "/nonexistent-\(getpid())"])
        let unknown = try #require(throws: WorkoutLoadError.self) {
            try WorkoutLoader.load("tabta", library: WorkoutLibrary(environment: environment))
        }
        guard case .notFound(.noWorkout(named: "tabta", _, suggestion: "tabata")) = unknown else {
            Issue.record("not .notFound: \(unknown)")
            return
        }
        #expect(unknown.lines.first?.hasPrefix("pacer: no workout named \"tabta\"") == true, "\(unknown.lines)")
        #expect(unknown.continuingLines.first?.hasPrefix("no workout named \"tabta\"") == true, "\(unknown.continuingLines)")

        let named = try #require(throws: WorkoutLoadError.self) {
            try WorkoutLoader.load("/nonexistent-\(getpid())/w.json", library: WorkoutLibrary(environment: environment, notationName: "w"))
        }
        guard case .nameForFile(path: "/nonexistent-\(getpid())/w.json") = named else {
            Issue.record("not .nameForFile: \(named)")
            return
        }

        let line = "30s, 8x("
        let invalid = try #require(throws: WorkoutLoadError.self) {
            try WorkoutLoader.load(line, library: WorkoutLibrary(environment: environment))
        }
        guard case .invalid(file: NotationWorkout.label, let problems, notation: line) = invalid, let first = problems.first else {
            Issue.record("not .invalid notation: \(invalid)")
            return
        }
        #expect(invalid.lines.first == first.formatted(file: NotationWorkout.label))
        #expect(invalid.lines.count > problems.count, "a caret under the line: \(invalid.lines)")
    }

    /// A name that matches no workout is a case to switch on, with the folders searched and the
    /// closest name, and its message says all three.
    @Test func aNameThatMatchesNothingSaysWhereItLookedAndSuggests() throws {
        let library = WorkoutLibrary(environment: Environment(["XDG_CONFIG_HOME": "/nonexistent-\(getpid())"]))
        let error = try #require(throws: WorkoutNotFound.self) { try library.locate("tabta") }
        let searched = ["./workouts", "/nonexistent-\(getpid())/pacer/workouts", "the built-in workouts"]
        #expect(error == .noWorkout(named: "tabta", searched: searched, suggestion: "tabata"))
        #expect(
            error.description
                == "no workout named \"tabta\" in \(searched.joined(separator: ", ")); did you mean \"tabata\"? (pacer list shows them all)"
        )
    }
}
