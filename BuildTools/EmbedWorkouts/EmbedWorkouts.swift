import Foundation
import PackagePlugin

/// Embeds the workouts that ship in `workouts/` and their schema into the target, so an installed binary still has them.
@main
struct EmbedWorkouts: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "workouts")
        let output = context.pluginWorkDirectoryURL.appending(path: "ShippedWorkouts.swift")
        let schema = folder.appending(path: "schema.json")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path())
            .filter { $0.hasSuffix(".json") && $0 != "schema.json" }
            .sorted()
            .map { folder.appending(path: $0) }
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) shipped workouts and their schema",
                executable: try context.tool(named: "embed-workouts").url,
                arguments: [output.path(), schema.path()] + files.map { $0.path() },
                inputFiles: [schema] + files,
                outputFiles: [output]
            )
        ]
    }
}
