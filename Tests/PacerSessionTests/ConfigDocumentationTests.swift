import Foundation
import PacerSession
import SinkKit
import Testing

/// docs/config.schema.json and the table in docs/config.md are what the registrations say: a sink
/// with a setting documents it without an edit by hand. `PACER_WRITE_DOCS=1 swift test --filter
/// ConfigDocumentationTests` writes both after a registration changes.
@Suite("the config's documentation")
struct ConfigDocumentationTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")
    static let tableStart = "| key | meaning | default | on the command line |\n"
    static let rewrite = ProcessInfo.processInfo.environment["PACER_WRITE_DOCS"] == "1"

    @Test func theSchemaIsTheRegistrations() throws {
        let url = Self.docs.appendingPathComponent("config.schema.json")
        let written = ConfigDocumentation().schema
        if Self.rewrite { try written.write(to: url, atomically: true, encoding: .utf8) }
        #expect(
            try String(contentsOf: url, encoding: .utf8) == written,
            "docs/config.schema.json differs from the registrations: PACER_WRITE_DOCS=1 swift test --filter ConfigDocumentationTests")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
        #expect((schema["properties"] as? [String: Any])?.keys.contains("history") == true)
    }

    @Test func theConfigPagesTableIsTheRegistrations() throws {
        let url = Self.docs.appendingPathComponent("config.md")
        var page = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(page.range(of: Self.tableStart))
        let end = page.range(of: "\n\n", range: start.lowerBound..<page.endIndex)?.lowerBound ?? page.endIndex
        let table = ConfigDocumentation().table
        if Self.rewrite {
            page.replaceSubrange(start.lowerBound..<page.index(after: end), with: table)
            try page.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(
            String(page[start.lowerBound..<page.index(after: end)]) == table,
            "docs/config.md's table differs from the registrations: PACER_WRITE_DOCS=1 swift test --filter ConfigDocumentationTests")
    }

    /// A made-up sink with a file setting is in both, with its description and flag.
    @Test func aNewSinksSettingIsDocumented() {
        let clicks = SinkSetting(
            .file, key: "clicks", flag: "--clicks", help: "write a click track to FILE",
            configHelp: "A file every session writes its click track to.")
        let metronome = SinkRegistration(
            name: "metronome", summary: "clicks", settings: [clicks], traits: SinkTraits(kind: .presenter),
            runsByDefault: .whenGiven(clicks)
        ) { _ in throw SinkSetupError.needsSetting(sink: "metronome", flag: "--clicks FILE") }
        let documentation = ConfigDocumentation(registry: SinkRegistry(builtIn: SinkRegistry.standard.builtIn + [metronome]))
        #expect(
            documentation.schema.contains(
                #""clicks": { "type": "string", "minLength": 1, "description": "A file every session writes its click track to." }"#))
        #expect(documentation.table.contains("| `clicks` | A file every session writes its click track to. | none | `--clicks` |"))
        #expect(documentation.table.contains("metronome when --clicks is given"))
    }
}
