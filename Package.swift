// swift-tools-version: 6.0
import PackageDescription

/// The built-in sinks: each is a folder under Plugins/ and a line in Sources/pacer/SinkRegistry.swift.
let sinks = ["TerminalSink", "LogFileSink", "BellSink", "SpeechSink"]

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
        .target(
            name: "PacerRuntime",
            dependencies: ["PacerCore", "PacerSystem", "CReadline"],
            plugins: ["EmbedWorkouts"]
        ),
        .executableTarget(name: "pacer", dependencies: ["PacerCore", "PacerSystem", "PacerRuntime"] + sinks.map { .target(name: $0) }),
        .executableTarget(name: "embed-workouts", path: "BuildTools/embed-workouts"),
        .plugin(
            name: "EmbedWorkouts",
            capability: .buildTool(),
            dependencies: ["embed-workouts"],
            path: "BuildTools/EmbedWorkouts"
        ),
        .testTarget(name: "PacerCoreTests", dependencies: ["PacerCore"]),
        .testTarget(name: "PacerRuntimeTests", dependencies: ["PacerRuntime", "PacerSystem", "PacerCore"]),
        .testTarget(name: "SinkTests", dependencies: ["PacerCore", "PacerSystem"] + sinks.map { .target(name: $0) }),
        .testTarget(name: "SpeechTests", dependencies: ["SpeechSink", "PacerCore"]),
        .testTarget(name: "PacerEndToEndTests", dependencies: ["pacer"]),
    ] + sinks.map { .target(name: $0, dependencies: ["PacerCore", "PacerSystem"], path: "Plugins/\($0)") }
)

for target in package.targets where target.type != .system && target.type != .plugin && target.name != "CSpawn" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
