// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Pacer",
    products: [
        .executable(name: "pacer", targets: ["pacer"]),
    ],
    targets: [
        .target(name: "PacerCore"),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "PacerRuntime",
            dependencies: ["PacerCore", "CReadline"],
            plugins: ["EmbedWorkouts"]
        ),
        .target(name: "TerminalSink", dependencies: ["PacerCore"], path: "Plugins/TerminalSink"),
        .target(name: "LogFileSink", dependencies: ["PacerCore"], path: "Plugins/LogFileSink"),
        .target(name: "BellSink", dependencies: ["PacerCore"], path: "Plugins/BellSink"),
        .target(name: "HistorySink", dependencies: ["PacerCore", "CSQLite"], path: "Plugins/HistorySink"),
        .executableTarget(
            name: "pacer",
            dependencies: ["PacerCore", "PacerRuntime", "TerminalSink", "LogFileSink", "BellSink", "HistorySink"]
        ),
        .executableTarget(name: "embed-workouts", path: "BuildTools/embed-workouts"),
        .plugin(
            name: "EmbedWorkouts",
            capability: .buildTool(),
            dependencies: ["embed-workouts"],
            path: "BuildTools/EmbedWorkouts"
        ),
        .testTarget(name: "PacerCoreTests", dependencies: ["PacerCore"]),
        .testTarget(name: "PacerRuntimeTests", dependencies: ["PacerRuntime", "PacerCore"]),
        .testTarget(name: "SinkTests", dependencies: ["TerminalSink", "LogFileSink", "BellSink", "PacerCore"]),
        .testTarget(name: "PacerEndToEndTests", dependencies: ["pacer", "HistorySink"]),
        .testTarget(name: "HistoryTests", dependencies: ["HistorySink", "PacerCore", "pacer"]),
    ]
)

for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .unsafeFlags(["-warnings-as-errors"]),
    ]
}
