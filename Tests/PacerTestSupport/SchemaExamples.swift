import Foundation

/// The examples `scripts/check-schema.py` checks a schema against, so that a decoder can be held
/// to agree with its schema on each.
package enum SchemaExamples {
    /// Every example of `kind` (`config`, `plan`): its folder and name, its text, and whether the
    /// schema must accept it.
    package static func all(_ kind: String) throws -> [(name: String, text: String, valid: Bool)] {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/schema-examples/\(kind)")
        return try [("valid", true), ("invalid", false)].flatMap { folder, valid in
            let url = examples.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".json") }.sorted().map { file in
                ("\(folder)/\(file)", try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8), valid)
            }
        }
    }
}
