import PacerConfig
import PacerFoundation
import SinkKit

/// The config file's documentation made from the registrations: `docs/config.schema.json` and the
/// table of keys in `docs/config.md`. A sink's setting is declared once, in its registration, and
/// a test fails when either file differs from what this writes.
public struct ConfigDocumentation: Sendable {
    public let registry: SinkRegistry

    public init(registry: SinkRegistry = .standard) {
        self.registry = registry
    }

    /// The keys of a session itself, with their schema (the part after the key) and their table row
    /// (meaning, default, command line), in the order both show them.
    private static let sessionKeys: [(key: String, schema: String, row: (meaning: String, defaultValue: String, flag: String)?)] = [
        ("$schema", #"{ "type": "string", "description": "Ignored: lets editors check the file against this schema." }"#, nil),
        (
            "sinks",
            """
            {
                  "description": "The sinks to use when the command line names none, each exactly as --sink takes it: a built-in sink, an external plugin's name, or exec:PATH, each optionally followed by :KEY=VALUE,...",
                  "type": "array",
                  "items": {
                    "type": "string",
                    "pattern": "^(exec:[^:]+|(?!exec$)[A-Za-z0-9_.-]+)(:[^,=]+=[^,]*(,[^,=]+=[^,]*)*)?$"
                  }
                }
            """,
            (
                "the sinks to use when `--sink` is not given, each exactly as `--sink` takes it (built-in name, plugin name, `exec:PATH`, with `:KEY=VALUE,...`)",
                "", "`--sink` (replaces the whole list)"
            )
        ),
        (
            "color", #"{ "enum": ["auto", "always", "never"], "description": "When to colour the display (default auto); --color wins." }"#,
            ("`auto`, `always` or `never`", "`auto` (`NO_COLOR` is respected)", "`--color`")
        ),
        (
            "prompt",
            #"{ "type": "boolean", "description": "Whether the readline prompt is offered at a terminal (default true); --no-prompt turns it off." }"#,
            ("offer the readline prompt at a terminal", "`true`", "`--no-prompt`")
        ),
        (
            "ftp",
            #"{ "type": "number", "minimum": 1, "maximum": 3000, "description": "Your functional threshold power in watts: power targets are shown in % of FTP and in watts; --ftp wins." }"#,
            (
                "your functional threshold power in watts: power targets are shown in both forms (`88–94 % FTP · 220–235 W`)", "none",
                "`--ftp W`"
            )
        ),
        (
            "lthr",
            #"{ "type": "number", "minimum": 30, "maximum": 250, "description": "Your lactate threshold heart rate in bpm, for % LTHR and heart-rate zone targets; --lthr wins." }"#,
            ("your lactate threshold heart rate in bpm, for `% LTHR` and heart-rate zone targets", "none", "`--lthr BPM`")
        ),
        (
            "max_hr",
            #"{ "type": "number", "minimum": 30, "maximum": 250, "description": "Your maximum heart rate in bpm, for % max targets; --max-hr wins." }"#,
            ("your maximum heart rate in bpm, for `% max` targets", "none", "`--max-hr BPM`")
        ),
        (
            "threshold_pace",
            #"{ "type": "string", "pattern": "^[0-9]+:[0-5][0-9](/(km|mi))?$", "description": "Your threshold pace, per kilometre (4:30) or per mile (7:15/mi), for % and pace targets; --threshold-pace wins." }"#,
            (
                "your threshold pace per kilometre (`\"4:30\"`, or `\"7:15/mi\"` per mile), for `%` and zone pace targets, shown per the distance you give it per",
                "none", "`--threshold-pace M:SS`"
            )
        ),
    ]

    /// `docs/config.schema.json`: the session's keys, then every setting the sinks declare.
    public var schema: String {
        let settings = registry.settings.map { setting in
            let type =
                switch setting.kind {
                case .enabled: #""type": "boolean""#
                case .file: #""type": "string", "minLength": 1"#
                }
            return (setting.key, "{ \(type), \"description\": \(JSONText.quoted(setting.configHelp)) }")
        }
        let properties = (Self.sessionKeys.map { ($0.key, $0.schema) } + settings)
            .map { "    \(JSONText.quoted($0.0)): \($0.1)" }
        return """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://pacer.invalid/config.schema.json",
              "title": "Pacer config file",
              "description": "The user's defaults for 'pacer run', in $XDG_CONFIG_HOME/pacer/config.json (default ~/.config/pacer/config.json). The command line wins over every key.",
              "type": "object",
              "additionalProperties": false,
              "properties": {
            \(properties.joined(separator: ",\n"))
              }
            }

            """
    }

    /// The table of keys in `docs/config.md`: the session's keys, then every setting the sinks declare.
    public var table: String {
        let defaults = registry.defaultRules.map { "\($0.sink) \($0.when)" }
        let session = Self.sessionKeys.compactMap { key in
            key.row.map { row in
                (key.key, row.meaning, key.key == "sinks" ? defaults.joined(separator: "; ") : row.defaultValue, row.flag)
            }
        }
        let settings = registry.settings.map { setting in
            (setting.key, setting.configHelp, setting.kind == .enabled ? "`true`" : "none", "`\(setting.flag)`")
        }
        let rows = (session + settings).map { "| `\($0.0)` | \($0.1) | \($0.2) | \($0.3) |" }
        return (["| key | meaning | default | on the command line |", "|---|---|---|---|"] + rows).joined(separator: "\n") + "\n"
    }
}
