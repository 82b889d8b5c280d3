import Foundation
import Testing

/// `pacer completions zsh` and `fish`: valid in their shells, and fish's completes what bash's does.
/// (scripts/completion-test.sh presses Tab in all three shells in a real terminal.)
@Suite("zsh and fish completion")
struct ZshAndFishCompletionTests {
    /// Writes `pacer completions SHELL` into the sandbox and returns its path.
    static func script(_ shell: String, in sandbox: Sandbox) async throws -> String {
        let generated = try await PacerProcess.run(["completions", shell], in: sandbox)
        #expect(generated.status == 0 && generated.stderr.isEmpty, "\(generated)")
        return try sandbox.write("pacer.\(shell)", generated.stdout)
    }

    /// What fish offers for `pacer LINE`: the candidates, without their descriptions.
    static func fishComplete(_ line: String, in sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> [String]
    {
        let script = sandbox.path("pacer.fish")
        if !FileManager.default.fileExists(atPath: script) { _ = try await Self.script("fish", in: sandbox) }
        let fish = try #require(Tool.find("fish"), sourceLocation: sourceLocation)
        let result = try await Tool.run(
            fish, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, "\(PacerBinary.path) \(line)"],
            in: sandbox, sourceLocation: sourceLocation)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)", sourceLocation: sourceLocation)
        return result.stdoutLines.map { String($0.prefix { $0 != "\t" }) }
    }

    @Test(.enabled(if: Tool.find("zsh") != nil, "zsh is not installed"))
    func theZshScriptIsValidZsh() async throws {
        let sandbox = try Sandbox()
        let script = try await Self.script("zsh", in: sandbox)
        #expect(try String(contentsOfFile: script, encoding: .utf8).hasPrefix("#compdef pacer\n"))
        let check = try await Tool.run(try #require(Tool.find("zsh")), ["-n", script], in: sandbox)
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check)")
    }

    @Test(.enabled(if: Tool.find("fish") != nil, "fish is not installed"))
    func theFishScriptIsValidFish() async throws {
        let sandbox = try Sandbox()
        let script = try await Self.script("fish", in: sandbox)
        let check = try await Tool.run(try #require(Tool.find("fish")), ["--no-execute", script], in: sandbox)
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check)")
    }

    @Test(.enabled(if: Tool.find("fish") != nil, "fish is not installed"))
    func fishCompletesCommandsOptionsValuesAndNames() async throws {
        let sandbox = try Sandbox()
        let marker = "injected"
        let names = ["a b", "q'uote", "$(touch \(marker))", "(touch \(marker))", "semi;touch \(marker)"]
        for name in names {
            try sandbox.write("pacer-path/\(name).json", #"{"name": "x", "steps": [{"work": 1}]}"#)
        }
        let cases: [(String, [String])] = [
            ("ru", ["run"]),
            ("run --sp", ["--speed"]),
            ("run tab", ["tabata", "tabata-four"]),
            ("run --color=al", ["--color=always"]),
            ("completions ", ["bash", "fish", "zsh"]),
            ("help co", ["completions"]),
            ("web-token --r", ["--rotate"]),
            ("run --sink ex", ["exec:"]),
        ]
        for (line, expected) in cases {
            let offered = try await Self.fishComplete(line, in: sandbox)
            #expect(offered == expected, "pacer \(line)<TAB>")
        }
        let all = try await Self.fishComplete("run ", in: sandbox)
        #expect(Set(names).isSubset(of: all) && all.contains("seven-minute"), "\(all)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.path(marker)), "completing a workout name ran a command")
    }

    @Test(.enabled(if: Tool.find("fish") != nil, "fish is not installed"))
    func fishOffersEveryOptionTheCommandsHelpLists() async throws {
        let sandbox = try Sandbox()
        let table = try await HelpTable(in: sandbox)
        #expect(try await Self.fishComplete("", in: sandbox) == table.commands.sorted())
        for command in table.commands {
            // `--` offers the long options; a short one (`render -o`) is offered after `-`.
            let offered = try await Self.fishComplete("\(command) --", in: sandbox)
            #expect(offered.sorted() == table.options[command]?.filter { $0.hasPrefix("--") }.sorted(), "pacer \(command) --<TAB>")
            for short in table.options[command] ?? [] where !short.hasPrefix("--") {
                #expect(try await Self.fishComplete("\(command) -", in: sandbox).contains(short), "pacer \(command) -<TAB> offers \(short)")
            }
        }
    }
}
