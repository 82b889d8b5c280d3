// swift-tools-version: 6.0
import PackageDescription

/// The built-in sinks, in the order the defaults list them: each is a folder under Plugins/ holding a
/// type of the same name with a `registration`, and a line here with what it needs beyond PacerCore,
/// SinkKit, TerminalRendering and PacerSystem, and its registration in Sources/PacerSession/BuiltInSinks.swift
/// (scripts/check-layers.py checks that the two lists match).
let sinks: [(name: String, needs: [Target.Dependency])] = [
    ("TerminalSink", ["TerminalDisplay"]),
    ("LogFileSink", []),
    ("BellSink", []),
    ("HistorySink", ["History", "PacerWeekPlan"]),
    ("SpeechSink", ["Speech"]),
]

let package = Package(
    name: "Pacer",
    products: [
        .executable(name: "pacer", targets: ["pacer"]),
        .library(name: "PacerCore", targets: ["PacerCore"]),
    ],
    targets: [
        .target(name: "PacerCore"),
        .target(name: "TerminalRendering", dependencies: ["PacerCore"]),
        .target(name: "SinkKit", dependencies: ["PacerCore", "TerminalRendering"]),
        .target(name: "PacerConfig", dependencies: ["PacerCore", "SinkKit", "TerminalRendering"]),
        .target(name: "PacerWeekPlan", dependencies: ["PacerCore", "PacerConfig"]),
        .target(name: "CSpawn"),
        .target(name: "PacerSystem", dependencies: ["CSpawn"]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CExpat", providers: [.apt(["libexpat1-dev"])]),
        .systemLibrary(name: "CYAML", providers: [.apt(["libyaml-dev"])]),
        .target(name: "PacerFormats", dependencies: ["PacerCore", "CExpat", "CYAML"]),
        .target(
            name: "PacerRuntime",
            dependencies: ["PacerCore", "SinkKit", "TerminalRendering", "PacerConfig", "PacerWeekPlan", "PacerSystem", "PacerFormats", "CReadline"],
            plugins: ["EmbedWorkouts"]
        ),
        .target(name: "PacerCommandLine", dependencies: ["PacerCore", "SinkKit", "TerminalRendering", "PacerSystem"]),
        .target(
            name: "PacerSession",
            dependencies: ["PacerCore", "SinkKit", "TerminalRendering", "PacerConfig", "PacerSystem", "PacerRuntime"] + sinks.map { .target(name: $0.name) }
        ),
        .target(name: "History", dependencies: ["PacerCore", "PacerWeekPlan", "PacerSystem", "CSQLite"]),
        .target(name: "TerminalDisplay", dependencies: ["PacerCore", "TerminalRendering"]),
        .target(name: "Speech", dependencies: ["PacerCore", "SinkKit", "PacerSystem"]),
        .target(name: "HistoryReports", dependencies: ["History", "PacerCore", "PacerWeekPlan", "TerminalRendering"]),
        .target(name: "PacerCommands", dependencies: ["PacerCore", "PacerFormats", "SinkKit", "TerminalRendering", "PacerConfig", "PacerWeekPlan", "PacerSystem", "PacerRuntime", "PacerCommandLine", "PacerSession", "TerminalDisplay", "Speech", "History", "HistoryReports"]),
        .executableTarget(name: "pacer", dependencies: ["PacerCommands", "PacerSystem"]),
        .executableTarget(name: "embed-workouts", path: "BuildTools/embed-workouts"),
        .plugin(
            name: "EmbedWorkouts",
            capability: .buildTool(),
            dependencies: ["embed-workouts"],
            path: "BuildTools/EmbedWorkouts"
        ),
        .testTarget(name: "PacerCoreTests", dependencies: ["PacerCore", "SinkKit", "TerminalRendering", "PacerConfig", "PacerWeekPlan"]),
        .testTarget(name: "PacerRuntimeTests", dependencies: ["PacerRuntime", "PacerSystem", "PacerCore", "SinkKit", "TerminalRendering", "PacerWeekPlan", "PacerFormats"]),
        .testTarget(name: "SinkTests", dependencies: ["TerminalDisplay", "PacerCore", "SinkKit", "TerminalRendering", "PacerSystem"] + sinks.map { .target(name: $0.name) }),
        .testTarget(name: "PacerFormatsTests", dependencies: ["PacerFormats", "PacerCore"]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech", "PacerCore", "SinkKit"]),
        .testTarget(name: "PacerCommandLineTests", dependencies: ["PacerCommandLine", "SinkKit"]),
        .testTarget(name: "PacerCommandsTests", dependencies: ["PacerCommands", "PacerSession", "PacerCommandLine", "PacerCore", "SinkKit", "PacerConfig", "PacerRuntime", "PacerSystem", "History", "PacerFormats"]),
        .testTarget(name: "PacerSessionTests", dependencies: ["PacerSession", "PacerCore", "SinkKit", "TerminalRendering", "PacerConfig", "PacerRuntime", "PacerSystem", "BellSink", "HistorySink", "LogFileSink"]),
        .testTarget(name: "HistoryTests", dependencies: ["History", "HistorySink", "HistoryReports", "PacerCore", "PacerWeekPlan", "TerminalRendering"]),
        .testTarget(name: "PacerEndToEndTests", dependencies: ["pacer", "History", "PacerCore", "PacerFormats"]),
    ] + sinks.map { .target(name: $0.name, dependencies: ["PacerCore", "SinkKit", "TerminalRendering", "PacerSystem"] + $0.needs, path: "Plugins/\($0.name)") }
)

for target in package.targets where target.type != .system && target.type != .plugin && target.name != "CSpawn" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
