import PacerWorkout
import Testing

@testable import PacerFormats

/// What a stranger's file may hold: each refused with the place and the reason, nothing crashed.
@Suite struct HostileInputTests {
    static func refusal(_ text: String, _ format: WorkoutFormat = .zwo) -> String? {
        refusal(Array(text.utf8), format)
    }

    static func refusal(_ bytes: [UInt8], _ format: WorkoutFormat = .zwo) -> String? {
        do {
            _ = try WorkoutImport.read(bytes, format: format, name: "x")
            return nil
        } catch {
            return error.diagnostics.map(\.description).joined(separator: "\n")
        }
    }

    @Test(arguments: WorkoutFormat.readable) func anEmptyFileIsRefused(format: WorkoutFormat) {
        #expect(Self.refusal(" \n", format)?.hasPrefix("1:1: error: the file is empty") ?? false)
    }

    @Test func binaryJunkIsRefusedAtItsFirstNul() {
        let bytes: [UInt8] = Array("<workout_file>\nab".utf8) + [0, 0xFF, 0xFE, 7]
        #expect(
            Self.refusal(bytes)
                == "2:3: error: the file holds a NUL byte: it is binary (or UTF-16), not the UTF-8 text of a Zwift workout (.zwo)")
    }

    @Test func malformedXMLIsRefusedAtItsLineAndColumn() {
        let text = "<workout_file>\n  <workout>\n    <SteadyState Duration=\"60\">\n  </workout>\n</workout_file>"
        #expect(Self.refusal(text) == "4:5: error: the XML is malformed: mismatched tag")
    }

    @Test func aDocumentTypeIsRefusedAndNoEntityExpanded() {
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
             <!ENTITY lol "lol">
             <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
            ]>
            <workout_file><name>&lol2;</name><workout><SteadyState Duration="60" Power="0.5"/></workout></workout_file>
            """
        let refusal = Self.refusal(bomb)
        #expect(refusal?.hasPrefix("2:") ?? false, "\(refusal ?? "accepted")")
        #expect(refusal?.contains("declares a document type") ?? false)
        #expect(Self.refusal(#"<workout_file><name>&ext;</name></workout_file>"#)?.contains("undefined entity") ?? false)
    }

    @Test func nestingTenThousandDeepStopsAtTheLimit() {
        let depth = 10_000
        let text = "<workout_file>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</workout_file>"
        let column = "<workout_file>".count + 3 * (XMLDocument.maximumDepth - 1) + 1
        #expect(
            Self.refusal(text) == "1:\(column): error: elements nest more than \(XMLDocument.maximumDepth) deep: this is no workout file")
    }

    @Test func tooManyElementsAreRefused() {
        let text = "<workout_file><workout>" + String(repeating: "<x/>", count: XMLDocument.maximumElements) + "</workout></workout_file>"
        #expect(Self.refusal(text)?.contains("more than \(XMLDocument.maximumElements) elements") ?? false)
    }

    @Test func aFileOverTheSizeLimitIsRefusedUnread() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: WorkoutDecoder.maximumFileSize + 1)
        #expect(
            Self.refusal(bytes)
                == "error: the file is \(bytes.count) bytes; a Zwift workout (.zwo) is read up to 16 MiB, as a workout file is")
    }

    @Test func anotherRootOrNoStepsIsRefused() {
        #expect(
            Self.refusal("<html><body/></html>")
                == "1:1: error: this is not a Zwift workout: its root element is <html>, not <workout_file>")
        #expect(Self.refusal("<workout_file>\n<workout><Bogus/></workout></workout_file>")?.contains("no step pacer can run") ?? false)
        #expect(
            Self.refusal(#"<workout_file><workout><SteadyState Power="1"/></workout></workout_file>"#)?.contains("has no Duration") ?? false
        )
        #expect(
            Self.refusal(#"<workout_file><workout><SteadyState Duration="1e9"/></workout></workout_file>"#)?.contains(
                "is not a number of seconds") ?? false)
        #expect(
            Self.refusal(
                #"<workout_file><workout><IntervalsT Repeat="99999999999" OnDuration="1" OffDuration="1"/></workout></workout_file>"#)?
                .contains("expands to 199999999998 phases") ?? false)
    }
}
