// swift-tools-version: 6.0
import PackageDescription

/// The built-in sinks: each is a folder under Plugins/ and a line in Sources/PacerSession/SinkRegistry.swift,
/// with what it needs beyond PacerCore and PacerSystem.
let sinks: [(name: String, needs: [Target.Dependency])] = [
    ("TerminalSink", []),
    ("LogFileSink", []),
    ("BellSink", []),
    ("HistorySink", ["CSQLite"]),
    ("SpeechSink", []),
]

let package = Package(
    name: "Pacer",
    products: [
        .executable(name: "pacer", targets: ["pacer"]),
        .library(name: "PacerCore", targets: ["PacerCore"]),
    ],
    targets: [
        .target(name: "PacerCore"),
        .target(name: "CSpawn"),
        .target(name: "PacerSystem", dependencies: ["CSpawn"]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "PacerRuntime",
            dependencies: ["PacerCore", "PacerSystem", "CReadline"],
            plugins: ["EmbedWorkouts"]
        ),
        .target(name: "PacerCommandLine", dependencies: ["PacerCore", "PacerSystem"]),
        .target(name: "PacerSession", dependencies: ["PacerCore", "PacerSystem", "PacerRuntime", "PacerCommandLine"] + sinks.map { .target(name: $0.name) }),
        .target(name: "HistoryReports", dependencies: ["HistorySink", "PacerCore"]),
        .executableTarget(name: "pacer", dependencies: ["PacerCore", "PacerSystem", "PacerRuntime", "PacerCommandLine", "PacerSession", "HistoryReports"]
            + sinks.map { .target(name: $0.name) }),
        .executableTarget(name: "embed-workouts", path: "BuildTools/embed-workouts"),
        .plugin(
            name: "EmbedWorkouts",
            capability: .buildTool(),
            dependencies: ["embed-workouts"],
            path: "BuildTools/EmbedWorkouts"
        ),
        .testTarget(name: "PacerCoreTests", dependencies: ["PacerCore"]),
        .testTarget(name: "PacerRuntimeTests", dependencies: ["PacerRuntime", "PacerSystem", "PacerCore"]),
        .testTarget(name: "SinkTests", dependencies: ["PacerCore", "PacerSystem"] + sinks.map { .target(name: $0.name) }),
        .testTarget(name: "SpeechTests", dependencies: ["SpeechSink", "PacerCore"]),
        .testTarget(name: "PacerCommandLineTests", dependencies: ["PacerCommandLine"]),
        .testTarget(name: "PacerSessionTests", dependencies: ["PacerSession", "PacerCommandLine", "PacerCore", "PacerRuntime", "PacerSystem", "BellSink", "HistorySink", "LogFileSink"]),
        .testTarget(name: "HistoryTests", dependencies: ["HistorySink", "HistoryReports", "PacerCore"]),
        .testTarget(name: "PacerEndToEndTests", dependencies: ["pacer", "HistorySink"]),
    ] + sinks.map { .target(name: $0.name, dependencies: ["PacerCore", "PacerSystem"] + $0.needs, path: "Plugins/\($0.name)") }
)

for target in package.targets where target.type != .system && target.type != .plugin && target.name != "CSpawn" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
