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
        guard case .optionNotKeyValue? = error else {
            Issue.record("not .optionNotKeyValue: \(String(describing: error))")
            return
        }
    }

    /// What is wrong with a sink as asked for is a case to switch on, said as before.
    @Test func aSinkAskedForWronglySaysWhichCase() throws {
        let noName = #expect(throws: SinkSetupError.self) { try SinkSpec(parsing: ":x=1") }
        guard case .namesNoSink(":x=1")? = noName else {
            Issue.record("not .namesNoSink: \(String(describing: noName))")
            return
        }
        #expect(noName?.description == "':x=1' names no sink")
        let twice = #expect(throws: SinkSetupError.self) { try SinkSpec(parsing: "bell:a=1,a=2") }
        guard case .optionTwice(key: "a")? = twice else {
            Issue.record("not .optionTwice: \(String(describing: twice))")
            return
        }
        let volume = SinkOption(key: "volume", value: "N", help: "how loud")
        let misspelt = #expect(throws: SinkSetupError.self) { try SinkSpec(parsing: "bell:volme=3").checkedOptions(against: [volume]) }
        guard case .unknownOption(sink: "bell", key: "volme", known: ["volume"])? = misspelt else {
            Issue.record("not .unknownOption: \(String(describing: misspelt))")
            return
        }
        #expect(misspelt?.description == "the bell sink has no option 'volme' (did you mean 'volume'?)")
        let none = #expect(throws: SinkSetupError.self) { try SinkSpec(parsing: "bell:x=3").checkedOptions(against: []) }
        #expect(none?.description == "the bell sink has no option 'x'; it takes none")
    }

    @Test(arguments: ["a b", "a/b", "", "tab\t"])
    func aNameWithOtherCharactersIsNoSinkName(name: String) {
        #expect(!SinkSpec.isName(name))
    }
}
