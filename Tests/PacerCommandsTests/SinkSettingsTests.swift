import Foundation
import PacerCommandLine
import PacerCommands
import PacerConfig
import PacerEngine
import PacerRuntime
import PacerSettingsFile
import PacerSystem
import SinkKit
import Testing

@testable import PacerSession

/// The worked example of docs/architecture.md: a built-in sink with a flag and a config key is
/// its registration and a line in the registry; `--help`, the config check and the completions
/// find both without another change.
@Suite("sinks own their settings")
struct SinkSettingsTests {
    /// A sink that writes a click track to a file: `--clicks FILE`, or `"clicks"` in the config.
    static let clicks = SinkSetting(
        .file, key: "clicks", flag: "--clicks", help: "write a click track to FILE",
        configHelp: "A file every session writes its click track to.")
    static let metronome = SinkRegistration(
        name: "metronome", summary: "clicks on every second", settings: [clicks], traits: SinkTraits(kind: .presenter),
        runsByDefault: .whenGiven(clicks)
    ) { _ in Silent() }

    static let registry = SinkRegistry(builtIn: SinkRegistry.standard.builtIn + [metronome])

    static let run = CommandSpec(
        name: "run", abstract: "run a workout", usage: "pacer run [OPTIONS] WORKOUT", arguments: .workout,
        details: registry.summaries, options: RunOptions.options(for: registry)
    ) { _, _ in 0 }

    /// `run` as the standard registry has it, which knows no `--clicks`.
    enum RunCommandOfTheStandardRegistry {
        static let spec = CommandSpec(
            name: "run", abstract: "run a workout", usage: "pacer run [OPTIONS] WORKOUT", arguments: .workout,
            details: "", options: RunOptions.options(for: .standard)
        ) { _, _ in 0 }
    }

    final class Silent: Sink {
        func receive(_ event: Event) throws {}
    }

    @Test func theFlagIsInTheHelpTheCommandLineAndEveryCompletion() throws {
        let option = Self.run.helpText.split(separator: "\n").first { $0.hasPrefix("  --clicks FILE ") }
        #expect(option?.hasSuffix(" write a click track to FILE") == true, "\(Self.run.helpText)")
        #expect(Self.run.helpText.contains(#"--clicks FILE    write a click track to FILE; in the config: "clicks""#))
        for (shell, spelling) in [(Shell.bash, "--clicks"), (.zsh, "--clicks"), (.fish, "-l 'clicks' -r -F")] {
            #expect(shell.script(commands: [Self.run], options: [], workoutExtensions: ["json"]).contains(spelling), "\(shell)")
            #expect(
                !shell.script(commands: [RunCommandOfTheStandardRegistry.spec], options: [], workoutExtensions: ["json"]).contains(
                    spelling), "\(shell)")
        }
        let arguments = try Arguments(["--clicks", "c.txt", "tabata"], options: Self.run.options)
        let request = RunOptions.request(arguments, workout: "tabata", registry: Self.registry)
        #expect(request.sinkSettings.file(Self.clicks) == "c.txt")
        // The standard registry does not know it.
        #expect(throws: UsageError.self) { try Arguments(["--clicks", "c.txt"], options: RunOptions.options(for: .standard)) }
    }

    @Test func theDefaultsHelpShowsAreTheRegistrations() {
        #expect(Self.registry.defaults.contains("metronome  when --clicks is given"))
        #expect(!SinkRegistry.standard.defaults.contains("metronome"))
        let standard = SinkRegistry.standard.defaults.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(
            standard == [
                "terminal always", "log when --log is given", "bell when standard output is a terminal", "history unless --no-history",
            ])
        var settings = RunSettings()
        settings.sinks[Self.clicks] = .file("c.txt")
        #expect(Self.registry.defaults(for: settings).map(\.name).contains("metronome"))
        #expect(!Self.registry.defaults(for: RunSettings()).map(\.name).contains("metronome"))
    }

    @Test func theConfigKeyIsCheckedWithPositionsAndSuggestions() throws {
        let config = try UserConfig.decode(Array(#"{"clicks": "c.txt", "bell": false}"#.utf8), settings: Self.registry.settings)
        #expect(config.sinkSettings.file(Self.clicks) == "c.txt")
        func problems(_ text: String) -> [String] {
            do throws(ConfigErrors) {
                _ = try UserConfig.decode(Array(text.utf8), settings: Self.registry.settings)
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        #expect(problems(#"{"clciks": "c.txt"}"#) == [#"1:12: error: unknown key "clciks" (did you mean "clicks"?)"#])
        #expect(problems(#"{"clicks": 3}"#) == [#"1:12: error: "clicks" must be the path of a file, not a number"#])
    }

    @Test func aFlagOnTheCommandLineWinsOverTheConfig() {
        var config = SinkSettingValues()
        config[Self.clicks] = .file("config.txt")
        var given = SinkSettingValues()
        given[Self.clicks] = .file("flag.txt")
        #expect(config.overridden(by: given).file(Self.clicks) == "flag.txt")
        #expect(config.overridden(by: SinkSettingValues()).file(Self.clicks) == "config.txt")
    }

    /// docs/config.schema.json lists exactly the session's keys and every setting the sinks
    /// declare, each with its type and its declared description.
    @Test func theConfigSchemaHasEverySettingTheSinksDeclare() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/config.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: [String: Any]])
        let settings = SinkRegistry.standard.settings
        #expect(Set(properties.keys) == Set(UserConfig.sessionKeys + settings.map(\.key)))
        for setting in settings {
            let property = try #require(properties[setting.key])
            #expect(property["type"] as? String == (setting.kind == .enabled ? "boolean" : "string"), "\(setting.key)")
            #expect(property["description"] as? String == setting.configHelp, "\(setting.key)")
        }
    }
}

/// Where the built-in sinks run: those that write to the terminal on the screen's queue.
@Suite("where sinks run")
struct SinkPlacementTests {
    @Test func theDisplayAndTheBellRunWhereTheScreenDrawsTheRecordersOnTheirOwn() throws {
        let terminal = SessionTerminal(environment: Environment(["TERM": "dumb"]), prompt: false)
        let specs = try ["terminal", "bell", "history:file=/dev/null/none"].map { try SinkSpec(parsing: $0) }
        let members = try SinkRegistry.standard.members(
            for: specs, terminal: terminal, settings: RunSettings(), environment: Environment([:]),
            workout: (name: "W", file: "w.json"))
        let targets = Dictionary(uniqueKeysWithValues: members.map { ($0.name, $0.target.map { $0 === terminal.display.queue }) })
        #expect(targets == ["terminal": true, "bell": true, "history": nil])
    }
}
