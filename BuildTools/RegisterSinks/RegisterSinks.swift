import Foundation
import PackagePlugin

/// Lists the built-in sinks for the target that assembles sessions: every target it depends on
/// that lives under `Plugins/` (Package.swift's `sinks`), in that order, becomes an `import` and a
/// `registration` in `BuiltInSinks.swift`. Adding a sink is its folder and its line in Package.swift.
@main
struct RegisterSinks: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Plugins")
        let sinks = target.dependencies.compactMap { dependency -> String? in
            guard case .target(let sink) = dependency,
                  FileManager.default.fileExists(atPath: folder.appending(path: sink.name).path()) else { return nil }
            return sink.name
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInSinks.swift")
        return [
            .buildCommand(
                displayName: "Registering the built-in sinks: \(sinks.joined(separator: ", "))",
                executable: try context.tool(named: "register-sinks").url,
                arguments: [output.path()] + sinks,
                outputFiles: [output]
            ),
        ]
    }
}
