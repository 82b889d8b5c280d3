import PacerCommandLine
import PacerFoundation
import PacerRuntime
import PacerSession
import SinkKit
import TerminalRendering

/// `pacer plugins`: the built-in sinks and every external plugin found, with where it was found.
enum PluginsCommand {
    static let names = Flag("--names", help: "print only the names, one per line (for completion)")

    static let spec = CommandSpec(
        name: "plugins", abstract: "list the built-in sinks and the external plugins found", usage: "pacer plugins [--names]",
        arguments: nil,
        details: """
            An external plugin is an executable named pacer-sink-NAME, found in $XDG_CONFIG_HOME/pacer/plugins
            (default ~/.config/pacer/plugins), then on PATH, then among the plugins that ship with pacer;
            the first one found wins. 'pacer run --sink NAME' runs it; '--sink exec:PATH' runs any file.
            See docs/plugins.md to write one.
            """,
        options: [names.spec]
    ) { arguments, environment in
        guard arguments.positionals.isEmpty else {
            return Pacer.usageError("plugins takes no arguments", hintFor: "plugins")
        }
        let found = PluginDirectory(environment: environment).all()
        if arguments[names] {
            var seen: Set<String> = []
            for name in SinkRegistry.standard.builtIn.map(\.name) + found.filter({ $0.isExecutable && $0.isNameable }).map(\.name)
            where seen.insert(name).inserted {
                Output.line(TerminalText(name))
            }
            return ExitStatus.success
        }
        Output.line("Built-in sinks:")
        var builtIn = TextTable([.left, .left])
        for registration in SinkRegistry.standard.builtIn {
            builtIn.append([TerminalText(registration.name), TerminalText(registration.summary)])
            for setting in registration.settings {
                builtIn.append([.empty, TerminalText("\(setting.synopsis) on the command line, \"\(setting.key)\" in the config")])
            }
        }
        builtIn.lines(indent: "  ").forEach(Output.line)
        Output.line("")
        guard !found.isEmpty else {
            Output.line("No external plugins found (pacer-sink-NAME in ~/.config/pacer/plugins, on PATH, or shipped with pacer).")
            return ExitStatus.success
        }
        Output.line("External plugins:")
        var external = TextTable([.left, .left, .left])
        for plugin in found {
            var origin = TerminalText(plugin.origin)
            if !plugin.isNameable {
                origin +=
                    " (cannot be named with --sink: rename it to pacer-sink-NAME, NAME of \(SinkSpec.nameRule); or run it with --sink exec:PATH)"
            } else if !plugin.isExecutable {
                origin += " (not executable: chmod +x to use it)"
            } else if plugin.shadowedBy != nil {
                origin += " (shadowed by the one above)"
            }
            external.append([TerminalText(plugin.name), TerminalText(plugin.path), origin])
        }
        external.lines(indent: "  ").forEach(Output.line)
        return ExitStatus.success
    }
}
