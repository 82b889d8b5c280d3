import SinkKit
import Testing

@testable import PacerEngine

@Suite("Sink specs")
struct SinkSpecTests {
    @Test func aColonInAnExecPathIsWrittenTwiceAndComesBackSo() throws {
        let spec = try SinkSpec(parsing: "exec:/opt/a::b/plugin::x:port=80,host=a:b")
        #expect(spec.path == "/opt/a:b/plugin:x")
        #expect(spec.options.map { "\($0.key)=\($0.value)" } == ["port=80", "host=a:b"])
        #expect(spec.displayName == "plugin:x")
        #expect(try SinkSpec(parsing: spec.description) == spec)
        #expect(try SinkSpec(parsing: "exec:/a:::k=v").path == "/a:")
    }

    @Test func anExecOptionThatIsNotKeyValueSaysHowToWriteThePath() {
        let error = #expect(throws: SinkSetupError.self) { try SinkSpec(parsing: "exec:/opt/a:b/plugin") }
        #expect(
            error?.description.contains("--sink exec:PATH:KEY=VALUE; a ':' in the path is written '::'") == true,
            "\(String(describing: error))")
    }

    @Test(arguments: ["a b", "a/b", "", "tab\t"])
    func aNameWithOtherCharactersIsNoSinkName(name: String) {
        #expect(!SinkSpec.isName(name))
    }
}
