// swift-tools-version: 6.0
import PackageDescription

/// The built-in sinks, in the order the defaults list them: each is a folder under Plugins/ holding a
/// type of the same name with a `registration`, and a line here with what it needs beyond the pure layers,
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
        .library(name: "PacerWorkout", targets: ["PacerFoundation", "PacerWorkout"]),
        .library(name: "PacerEngine", targets: ["PacerFoundation", "PacerWorkout", "PacerEngine"]),
    ],
    targets: [
        .target(name: "PacerFoundation"),
        .target(name: "PacerWorkout", dependencies: ["PacerFoundation"]),
        .target(name: "PacerEngine", dependencies: ["PacerFoundation", "PacerWorkout"]),
        .target(name: "TerminalRendering", dependencies: ["PacerFoundation"]),
        .target(name: "SinkKit", dependencies: ["PacerFoundation", "PacerEngine", "TerminalRendering"]),
        .target(name: "PacerSettingsFile", dependencies: ["PacerFoundation", "PacerWorkout"]),
        .target(
            name: "PacerConfig", dependencies: ["PacerFoundation", "PacerWorkout", "SinkKit", "TerminalRendering", "PacerSettingsFile"]),
        .target(name: "PacerWeekPlan", dependencies: ["PacerFoundation", "PacerWorkout", "PacerSettingsFile"]),
        .target(name: "CSpawn"),
        .target(name: "PacerSystem", dependencies: ["CSpawn"]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CExpat", providers: [.apt(["libexpat1-dev"])]),
        .systemLibrary(name: "CYAML", providers: [.apt(["libyaml-dev"])]),
        .target(name: "PacerFormats", dependencies: ["PacerFoundation", "PacerWorkout", "CExpat", "CYAML"]),
        .target(
            name: "PacerUserFiles",
            dependencies: [
                "PacerFoundation", "PacerWorkout", "SinkKit", "PacerConfig", "PacerWeekPlan", "PacerSystem", "PacerFormats",
                "PacerSettingsFile",
            ], plugins: ["EmbedWorkouts"]),
        .target(
            name: "PacerRuntime",
            dependencies: ["PacerFoundation", "PacerEngine", "SinkKit", "TerminalRendering", "PacerSystem", "CReadline", "PacerUserFiles"]),
        .target(
            name: "PacerCommandLine", dependencies: ["PacerFoundation", "PacerWorkout", "SinkKit", "TerminalRendering", "PacerSystem"]),
        .target(
            name: "PacerSession",
            dependencies: [
                "PacerFoundation", "PacerWorkout", "SinkKit", "TerminalRendering", "PacerConfig", "PacerSystem", "PacerRuntime",
                "PacerUserFiles",
            ] + sinks.map { .target(name: $0.name) }
        ),
        .target(
            name: "History", dependencies: ["PacerFoundation", "PacerWorkout", "PacerEngine", "PacerWeekPlan", "PacerSystem", "CSQLite"]),
        .target(name: "TerminalDisplay", dependencies: ["PacerFoundation", "PacerWorkout", "PacerEngine", "TerminalRendering"]),
        .target(name: "Speech", dependencies: ["PacerFoundation", "PacerWorkout", "PacerEngine", "SinkKit", "PacerSystem"]),
        .target(
            name: "HistoryReports",
            dependencies: ["History", "PacerFoundation", "PacerWorkout", "PacerWeekPlan", "TerminalRendering", "PacerEngine"]),
        .target(
            name: "PacerCommands",
            dependencies: [
                "PacerFoundation", "PacerWorkout", "PacerEngine", "PacerFormats", "SinkKit", "TerminalRendering", "PacerConfig",
                "PacerWeekPlan", "PacerSystem", "PacerRuntime", "PacerCommandLine", "PacerSession", "TerminalDisplay", "Speech", "History",
                "HistoryReports", "PacerUserFiles",
            ]),
        .executableTarget(name: "pacer", dependencies: ["PacerCommands", "PacerSystem"]),
        .executableTarget(name: "embed-workouts", path: "BuildTools/embed-workouts"),
        .plugin(
            name: "EmbedWorkouts",
            capability: .buildTool(),
            dependencies: ["embed-workouts"],
            path: "BuildTools/EmbedWorkouts"
        ),
        .target(
            name: "PacerTestSupport", dependencies: ["PacerFoundation", "PacerWorkout", "PacerEngine", "TerminalRendering", "PacerSystem"],
            path: "Tests/PacerTestSupport"),
        .testTarget(name: "PacerFoundationTests", dependencies: ["PacerFoundation", "PacerTestSupport"]),
        .testTarget(name: "PacerWorkoutTests", dependencies: ["PacerFoundation", "PacerWorkout", "PacerTestSupport"]),
        .testTarget(name: "PacerEngineTests", dependencies: ["PacerFoundation", "PacerWorkout", "PacerEngine", "PacerTestSupport"]),
        .testTarget(name: "TerminalRenderingTests", dependencies: ["PacerFoundation", "TerminalRendering", "PacerTestSupport"]),
        .testTarget(name: "SinkKitTests", dependencies: ["SinkKit", "PacerEngine"]),
        .testTarget(
            name: "PacerWeekPlanTests",
            dependencies: ["PacerFoundation", "PacerWorkout", "PacerSettingsFile", "PacerWeekPlan", "PacerTestSupport"]),
        .testTarget(name: "PacerSystemTests", dependencies: ["PacerSystem", "PacerTestSupport"]),
        .testTarget(
            name: "PacerUserFilesTests",
            dependencies: [
                "PacerUserFiles", "PacerFoundation", "PacerWorkout", "PacerConfig", "PacerWeekPlan", "PacerSystem", "PacerFormats",
                "PacerTestSupport",
            ]),
        .testTarget(
            name: "PacerRuntimeTests",
            dependencies: [
                "PacerRuntime", "PacerFoundation", "PacerWorkout", "PacerEngine", "SinkKit", "PacerSystem", "PacerTestSupport",
            ]),
        .testTarget(name: "TerminalDisplayTests", dependencies: ["TerminalDisplay", "PacerFoundation", "PacerTestSupport"]),
        .testTarget(
            name: "SinkTests",
            dependencies: [
                "TerminalDisplay", "PacerFoundation", "PacerWorkout", "PacerEngine", "SinkKit", "TerminalRendering", "PacerTestSupport",
            ]
                + sinks.map { .target(name: $0.name) }),
        .testTarget(name: "PacerFormatsTests", dependencies: ["PacerFormats", "PacerFoundation", "PacerWorkout"]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech", "PacerFoundation", "PacerWorkout", "PacerEngine", "SinkKit"]),
        .testTarget(name: "PacerCommandLineTests", dependencies: ["PacerCommandLine"]),
        .testTarget(
            name: "PacerCommandsTests",
            dependencies: [
                "PacerCommands", "PacerSession", "PacerCommandLine", "PacerFoundation", "PacerWorkout", "PacerEngine", "SinkKit",
                "PacerConfig", "PacerRuntime", "PacerSystem", "History", "PacerFormats", "PacerWeekPlan", "PacerUserFiles",
                "PacerSettingsFile", "PacerTestSupport",
            ]),
        .testTarget(
            name: "PacerSessionTests",
            dependencies: [
                "PacerSession", "PacerWorkout", "PacerUserFiles", "SinkKit", "PacerConfig", "PacerSystem", "BellSink", "HistorySink",
                "LogFileSink", "PacerSettingsFile", "PacerTestSupport",
            ]),
        .target(
            name: "HistoryTestSupport",
            dependencies: ["History", "HistoryReports", "PacerFoundation", "PacerWorkout", "PacerEngine", "PacerSystem"],
            path: "Tests/HistoryTestSupport"),
        .testTarget(
            name: "HistoryTests",
            dependencies: [
                "History", "HistorySink", "HistoryReports", "PacerFoundation", "PacerWorkout", "PacerEngine", "PacerWeekPlan",
                "PacerSystem", "HistoryTestSupport",
            ]),
        .testTarget(
            name: "HistoryReportsTests",
            dependencies: [
                "HistoryReports", "History", "PacerFoundation", "PacerWorkout", "PacerEngine", "PacerWeekPlan", "HistoryTestSupport",
            ]),
        .testTarget(
            name: "PacerEndToEndTests",
            dependencies: ["pacer", "History", "PacerFoundation", "PacerWorkout", "PacerEngine", "PacerFormats", "PacerTestSupport"]),
    ]
        + sinks.map {
            .target(
                name: $0.name,
                dependencies: ["PacerFoundation", "PacerWorkout", "PacerEngine", "SinkKit", "TerminalRendering", "PacerSystem"] + $0.needs,
                path: "Plugins/\($0.name)")
        }
)

for target in package.targets where target.type != .system && target.type != .plugin && target.name != "CSpawn" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
