import Foundation
import HistoryTestSupport
import PacerWorkout
import Testing

@testable import History

/// `bench/history-gen.py` writes the schema by hand: it must stay the one `HistorySchema` builds.
@Suite("bench/history-gen.py")
struct GeneratorSchemaTests {
    static let generator = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("bench/history-gen.py").path

    @Test func writesTheCurrentSchemaAndHistoriesPacerReads() throws {
        let folder = try TemporaryFolder()
        let generated = folder.file("generated.sqlite3")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.generator, generated, "200", "--rides", "2"]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "the generator failed")
        _ = try HistoryStore(path: folder.file("built.sqlite3"))

        let columns = """
            SELECT m.name || '.' || c.name || ' ' || c.type || ' ' || c."notnull" || ' ' || ifnull(c.dflt_value, '-') || ' ' || c.pk
            FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table' ORDER BY m.name, c.cid
            """
        let indexes = """
            SELECT m.name || ': ' || group_concat(i.name, ',') || ' partial ' || l.partial
            FROM sqlite_master m, pragma_index_info(m.name) i, pragma_index_list(m.tbl_name) l
            WHERE m.type = 'index' AND l.name = m.name GROUP BY m.name ORDER BY m.name
            """
        #expect(try sql(generated, columns).count == 56 && sql(generated, indexes).count == 8)
        for query in [columns, indexes, "PRAGMA user_version"] {
            #expect(try sql(generated, query) == sql(folder.file("built.sqlite3"), query))
        }
        let store = try #require(try HistoryStore.existing(at: generated))
        #expect(try store.sessions().count == 200)
        #expect(try sql(generated, "SELECT count(*) FROM samples") == ["7200"], "two one-hour rides measured once a second")
        let stress = try store.summaries().compactMap(\.stress)
        #expect(stress.count == 2 && stress.allSatisfy { $0.isMeasured && (55...70).contains($0.score) }, "\(stress)")
        #expect(try store.strengthSets().count > 0)
        #expect(try store.timedEfforts().count > 0 && store.statistics(today: day("2026-11-30")).open.count == 1)
        #expect(try store.weighIns().count > 0)
        let phases = try store.sessions(withPhases: true).flatMap(\.phases)
        #expect(phases.contains { $0.targets.label == "@ 105 % FTP" } && store.unreadableTargets.isEmpty, "its targets read as pacer's own")
    }
}
