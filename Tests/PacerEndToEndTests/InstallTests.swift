import Foundation
import Glibc
import Testing

/// `scripts/install`: a release build and everything that goes with it under a prefix, again and again,
/// and away with `--uninstall`. Building in release mode takes about a minute from nothing, a few
/// seconds when only this test's files changed; so it is one test.
@Suite("install")
struct InstallTests {
    static let script = PacerBinary.packageRoot.appendingPathComponent("scripts/install")

    /// The files every install puts under the prefix, besides the plugins.
    static let files = [
        "bin/pacer", "share/man/man1/pacer.1", "share/bash-completion/completions/pacer",
        "share/zsh/site-functions/_pacer", "share/fish/vendor_completions.d/pacer.fish", "share/pacer/schema.json",
    ]

    /// Runs scripts/install with these arguments from `directory`, with the test's own environment
    /// (the build needs the toolchain's).
    static func install(_ arguments: [String], from directory: URL, uid: uid_t? = nil) async throws -> PacerResult {
        var command = [script.path] + arguments
        var executable = script
        if let uid {
            executable = try #require(Tool.find("setpriv"), "setpriv is needed to try an unwritable prefix as root")
            command = ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups"] + command
        } else {
            command.removeFirst()
        }
        // A release build takes both cores: nothing else runs beside it.
        let process = try await PacerProcess(
            command, environment: ProcessInfo.processInfo.environment, directory: directory,
            executable: executable, load: .heavy)
        let result = await process.finish(timeout: 900)
        #expect(!result.timedOut, "scripts/install did not finish in 15 minutes: \(result)")
        return result
    }

    @Test func installsAReleasePacerItsManPageCompletionsAndPluginsThenUninstalls() async throws {
        let sandbox = try Sandbox()
        let prefix = sandbox.directory.appendingPathComponent("prefix")
        let elsewhere = sandbox.directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let plugin = try ShippedPluginFixture()
        defer { plugin.remove() }

        // From another folder, with a prefix relative to it.
        let started = Date()
        let first = try await Self.install(["--prefix", "../prefix"], from: elsewhere)
        let seconds = Date().timeIntervalSince(started)
        print("scripts/install took \(String(format: "%.1f", seconds)) s")
        try #require(first.status == 0, "\(first)")
        for file in Self.files {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file) is missing")
            #expect(first.stdoutLines.contains("installed \(prefix.appendingPathComponent(file).path)"), "\(file) not reported: \(first)")
        }

        // The installed pacer works, and the files are what it prints.
        let pacer = prefix.appendingPathComponent("bin/pacer")
        // It is one static, position-independent executable: no dynamic loader, its address still random.
        let header = try ELFHeader(contentsOf: pacer)
        #expect(
            header.isPositionIndependent && !header.hasInterpreter,
            "not a static PIE (type \(header.type), interpreter \(header.hasInterpreter)): are libc6-dev, libsqlite3-dev and libreadline-dev installed?"
        )
        // Stripped: a user's pacer carries no symbol table or debug information.
        #expect(!header.hasSymbolTable, "the installed pacer keeps its symbol table")
        let version = await (try PacerProcess(["--version"], environment: sandbox.environment(), directory: elsewhere, executable: pacer))
            .finish()
        #expect(version.status == 0 && version.stdout.wholeMatch(of: /pacer \d+\.\d+\.\d+\n/) != nil, "\(version)")
        for (arguments, file) in [
            (["help", "--man"], Self.files[1]), (["completions", "bash"], Self.files[2]),
            (["completions", "zsh"], Self.files[3]), (["completions", "fish"], Self.files[4]),
            (["schema"], Self.files[5]),
        ] {
            let printed = await (try PacerProcess(arguments, environment: sandbox.environment(), directory: elsewhere, executable: pacer))
                .finish()
            let installed = try String(contentsOf: prefix.appendingPathComponent(file), encoding: .utf8)
            #expect(
                printed.status == 0 && installed == printed.stdout, "\(file) is not what pacer \(arguments.joined(separator: " ")) prints")
        }
        if let groff = Tool.find("groff") {
            let rendered = try await Tool.run(groff, ["-man", "-ww", "-z", prefix.appendingPathComponent(Self.files[1]).path], in: sandbox)
            #expect(rendered.status == 0 && rendered.stderr.isEmpty, "\(rendered)")
        }
        try plugin.expectInstalled(under: prefix, report: first)
        // An installed shipped plugin finds the module it shares with the others (it checks its options with it).
        let notify = prefix.appendingPathComponent("libexec/pacer/plugins/notify/pacer-sink-notify")
        let checked = await
            (try PacerProcess(
                ["kinds=naps"], environment: sandbox.environment(), directory: elsewhere,
                stdin: .data(Data()), executable: notify)).finish()
        #expect(checked.stderr.hasPrefix("kinds takes kinds of phase"), "\(checked)")

        // Again: the same files, a plugin that no longer ships is gone, and nothing else changes.
        let stale = try sandbox.write("prefix/libexec/pacer/plugins/gone/pacer-sink-gone", "#!/bin/sh\n")
        let second = try await Self.install(["--prefix=\(prefix.path)"], from: sandbox.directory)
        #expect(second.status == 0, "\(second)")
        #expect(
            second.stdoutLines.filter { $0.hasPrefix("installed ") } == first.stdoutLines.filter { $0.hasPrefix("installed ") }, "\(second)"
        )
        #expect(!FileManager.default.fileExists(atPath: stale), "a plugin that no longer ships was left behind")
        try plugin.expectInstalled(under: prefix, report: second)

        // Away again, leaving nothing of pacer's.
        let removed = try await Self.install(["--prefix", prefix.path, "--uninstall"], from: elsewhere)
        #expect(removed.status == 0, "\(removed)")
        for file in Self.files + ["libexec/pacer"] {
            #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file) is still there")
        }

        // A prefix that cannot be written is refused before anything is built.
        let file = try sandbox.write("a-file", "")
        let underAFile = try await Self.install(["--prefix", file + "/prefix"], from: elsewhere)
        #expect(underAFile.status == 1 && underAFile.stderr.contains("cannot write to \(file)"), "\(underAFile)")
        let locked = sandbox.directory.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o555])
        let refused = try await Self.install(["--prefix", locked.path], from: sandbox.directory, uid: getuid() == 0 ? 65534 : nil)
        #expect(
            refused.status == 1 && refused.stderr.contains("cannot write to \(locked.path)") && refused.stderr.contains("--prefix"),
            "\(refused)")
        #expect(!refused.stdout.contains("building"), "\(refused)")
    }
}

/// A plugin folder put under Plugins/ for the length of the install test, as a shipped plugin is:
/// an executable `pacer-sink-NAME`, a file it needs next to it, and what must not be installed.
struct ShippedPluginFixture {
    let folder: URL
    let name: String

    init() throws {
        let tag = UUID().uuidString.prefix(8).lowercased()
        name = "install-test-\(tag)"
        folder = PacerBinary.packageRoot.appendingPathComponent("Plugins/install-test-\(tag)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("__pycache__"), withIntermediateDirectories: true)
        let executable = folder.appendingPathComponent("pacer-sink-\(name)").path
        try Data("#!/bin/sh\ncat >/dev/null\n".utf8).write(to: URL(fileURLWithPath: executable))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable)
        try Data("<p>a page the plugin serves</p>\n".utf8).write(to: folder.appendingPathComponent("page.html"))
        try Data().write(to: folder.appendingPathComponent("__pycache__/cached.pyc"))
        try Data().write(to: folder.appendingPathComponent(".editor-swap"))
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every plugin that ships (this one and the real ones) is in `libexec/pacer/plugins/NAME/`, with
    /// the files next to it, and nothing else.
    func expectInstalled(under prefix: URL, report: PacerResult, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let plugins = PacerBinary.packageRoot.appendingPathComponent("Plugins")
        for shipped in try FileManager.default.contentsOfDirectory(atPath: plugins.path) {
            let source = plugins.appendingPathComponent(shipped)
            let executables =
                (try? FileManager.default.contentsOfDirectory(atPath: source.path))?
                .filter {
                    $0.hasPrefix("pacer-sink-") && FileManager.default.isExecutableFile(atPath: source.appendingPathComponent($0).path)
                } ?? []
            for executable in executables {
                let installed = prefix.appendingPathComponent("libexec/pacer/plugins/\(executable.dropFirst("pacer-sink-".count))")
                #expect(
                    FileManager.default.isExecutableFile(atPath: installed.appendingPathComponent(executable).path),
                    "\(executable) is not installed in \(installed.path)", sourceLocation: sourceLocation)
                #expect(report.stdoutLines.contains("installed \(installed.path)/"), "\(report)", sourceLocation: sourceLocation)
            }
        }
        let mine = prefix.appendingPathComponent("libexec/pacer/plugins/\(name)")
        let files = try FileManager.default.contentsOfDirectory(atPath: mine.path).sorted()
        #expect(files == ["pacer-sink-\(name)", "page.html"], "\(files)", sourceLocation: sourceLocation)
    }
}

/// What the install test reads of an ELF executable: its type, whether it names a dynamic loader and
/// whether it keeps a symbol table.
struct ELFHeader {
    /// `e_type`: 2 for a fixed-address executable, 3 for a position-independent one.
    let type: UInt16
    /// Whether a program header is `PT_INTERP`, the dynamic loader to start it with.
    let hasInterpreter: Bool
    /// Whether a section is `SHT_SYMTAB`, the symbols `strip` takes away.
    let hasSymbolTable: Bool

    var isPositionIndependent: Bool { type == 3 }

    init(contentsOf url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        func read<Value: FixedWidthInteger>(_: Value.Type, at offset: Int) -> Value {
            (0..<MemoryLayout<Value>.size).reduce(0) { $0 | Value(bytes[offset + $1]) << (8 * $1) }
        }
        try #require(bytes.count > 64 && bytes[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]) && bytes[4] == 2, "not a 64-bit ELF file")
        type = read(UInt16.self, at: 16)
        let table = Int(read(UInt64.self, at: 32))
        let entrySize = Int(read(UInt16.self, at: 54))
        let count = Int(read(UInt16.self, at: 56))
        try #require(table + entrySize * count <= bytes.count, "a program header table past the end")
        hasInterpreter = (0..<count).contains { read(UInt32.self, at: table + $0 * entrySize) == 3 }
        let sections = Int(read(UInt64.self, at: 40))
        let sectionSize = Int(read(UInt16.self, at: 58))
        let sectionCount = Int(read(UInt16.self, at: 60))
        try #require(sections + sectionSize * sectionCount <= bytes.count, "a section header table past the end")
        hasSymbolTable = (0..<sectionCount).contains { read(UInt32.self, at: sections + $0 * sectionSize + 4) == 2 }
    }
}
