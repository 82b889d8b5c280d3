import BellSink
import HistorySink
import LogFileSink
import PacerConfig
import PacerSession
import PacerSettingsFile
import PacerTestSupport
import PacerWorkout
import Testing

@Suite("config file")
struct UserConfigTests {
    /// The settings the built-in sinks declare, as `pacer run` checks the config with them.
    private static let settings = SinkRegistry.standard.settings

    private static func decode(_ text: String) -> Result<UserConfig, ConfigErrors> {
        do throws(ConfigErrors) {
            return .success(try UserConfig.decode(Array(text.utf8), settings: Self.settings))
        } catch {
            return .failure(error)
        }
    }

    private static func problems(_ text: String) -> [String] {
        guard case .failure(let errors) = decode(text) else { return [] }
        return errors.diagnostics.map(\.description)
    }

    @Test func everyKeyIsRead() throws {
        let config = try Self.decode(
            """
            {"$schema": "x", "sinks": ["terminal", "speech:voice=en"], "bell": false, "color": "never",
             "prompt": false, "history": false, "log": "/tmp/pacer.jsonl"}
            """
        ).get()
        #expect(config.sinks?.map(\.description) == ["terminal", "speech:voice=en"])
        #expect(
            config.sinkSettings[BellSink.enabled] == .enabled(false) && config.color == .never && config.prompt == false
                && config.sinkSettings[HistorySink.enabled] == .enabled(false))
        #expect(config.sinkSettings.file(LogFileSink.file) == "/tmp/pacer.jsonl")
        #expect(try Self.decode("{}").get() == UserConfig())
    }

    // Issue 35, item 2: the athlete's thresholds, each checked with its position.
    @Test func theThresholdsAreReadAndChecked() throws {
        let config = try Self.decode(#"{"ftp": 250, "lthr": 168, "max_hr": 191, "threshold_pace": "4:10"}"#).get()
        #expect(config.thresholds == TargetThresholds(ftp: 250, lthr: 168, maxHeartRate: 191, thresholdPace: 250))
        let perMile = try Self.decode(#"{"threshold_pace": "6:40/mi"}"#).get().thresholds
        #expect(
            perMile.thresholdPace == 400 / 1.609344 && perMile.thresholdPaceUnit == .perMile, "paces worked out from it are shown per mile")
        #expect(config.thresholds.thresholdPaceUnit == .perKilometre)
        let problems = Self.problems(#"{"ftp": 0, "lthr": "168", "max_hr": 400, "threshold_pace": 270}"#)
        #expect(problems.count == 4, "\(problems)")
        #expect(
            problems.first?.hasPrefix("1:9: error: \"ftp\" is your functional threshold power in watts, from 1 to 3000") == true,
            "\(problems)")
        #expect(problems.contains { $0.contains("\"lthr\" is a number, such as 165, not a string") }, "\(problems)")
        #expect(problems.contains { $0.contains("\"threshold_pace\" is your threshold pace per kilometre as a string") }, "\(problems)")
        #expect(Self.problems(#"{"fpt": 250}"#).first?.contains("did you mean \"ftp\"") == true)
    }

    @Test func everyProblemIsReportedWithItsLineAndColumn() {
        let problems = Self.problems(
            """
            {
              "snks": ["terminal"],
              "bell": "yes",
              "color": "sometimes",
              "sinks": ["terminal", 3, "log:x"]
            }
            """)
        #expect(
            problems == [
                #"2:11: error: unknown key "snks" (did you mean "sinks"?)"#,
                #"3:11: error: "bell" must be true or false, not a string"#,
                #"4:12: error: "color" must be "auto", "always" or "never""#,
                "5:25: error: each sink is a string such as \"terminal\" or \"speech:voice=en\", not a number",
                "5:28: error: sink option 'x' is not KEY=VALUE (as in --sink log:KEY=VALUE)",
            ])
        #expect(Self.problems(#"{"bell": true, "bell": false}"#) == [#"1:16: error: duplicate key "bell""#])
    }

    @Test func syntaxErrorsAndOtherShapesAreClear() {
        #expect(Self.problems(#"{"bell": tru}"#) == ["1:13: error: unexpected '}': expected true"])
        #expect(Self.problems(#"["terminal"]"#) == [#"1:1: error: the config is a JSON object like {"sinks": ["terminal"]}, not an array"#])
        #expect(
            Self.problems(#"{"speed": 2}"#) == [
                #"1:11: error: unknown key "speed"; expected one of sinks, color, prompt, ftp, lthr, max_hr, threshold_pace, log, bell, history"#
            ])
    }

    /// The decoder and docs/config.schema.json agree on every example the schema check uses.
    @Test func theDecoderAgreesWithTheSchemaExamples() throws {
        let examples = try SchemaExamples.all("config")
        #expect(examples.contains { $0.valid } && examples.contains { !$0.valid })
        for example in examples {
            let accepted = if case .success = Self.decode(example.text) { true } else { false }
            #expect(accepted == example.valid, "\(example.name)")
        }
    }

    // Issue 15, item 17: `"log": ""` was reported as "not a string".
    @Test func anEmptyLogIsCalledEmpty() {
        #expect(throws: ConfigErrors.self) { try UserConfig.decode(Array(#"{"log": ""}"#.utf8), settings: Self.settings) }
        do {
            _ = try UserConfig.decode(Array(#"{"log": ""}"#.utf8), settings: Self.settings)
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [#""log" must be the path of a file, not an empty string (leave the key out for none)"#]
            )
        }
    }

    @Test func relativePathsAreTakenFromTheConfigsFolder() throws {
        let config = try UserConfig.decode(
            Array(#"{"log": "a.jsonl", "sinks": ["exec:./hook:x=1", "exec:/abs/hook", "terminal"]}"#.utf8), settings: Self.settings
        )
        .resolvingPaths(against: "/home/u/.config/pacer")
        #expect(config.sinkSettings.file(LogFileSink.file) == "/home/u/.config/pacer/a.jsonl")
        #expect(config.sinks?.map(\.description) == ["exec:/home/u/.config/pacer/./hook:x=1", "exec:/abs/hook", "terminal"])
    }
}
