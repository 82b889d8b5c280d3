import PacerCommandLine
import PacerFoundation
import PacerSystem
import PacerUserFiles

/// `pacer web-token`: where the web screen's bookmarkable token is kept, and a new one on request.
enum WebTokenCommand {
    static let rotate = Flag("--rotate", help: "replace the token with a new one; bookmarks of the old link stop working")

    static let spec = CommandSpec(
        name: "web-token", abstract: "show where the web screen's bookmarkable token is kept, or make a new one",
        usage: "pacer web-token [--rotate]", arguments: nil,
        details: """
            'pacer run --sink web:token=stable,port=N' serves the web screen at the same link every
            session, with a token kept in $XDG_STATE_HOME/pacer/web-token (default
            ~/.local/state/pacer/web-token, mode 0600), made by the first such session. Anyone with the
            link can follow and steer a session: rotate the token when it may have been seen by others.
            Without --rotate it says what the web plugin will do with the file, checked as the plugin
            checks it, and exits 1 when the plugin would refuse it (a link, not a regular file, another
            user's, open to others, or no token in it).
            """,
        options: [
            rotate.spec
        ]
    ) { arguments, environment in
        guard arguments.positionals.isEmpty else {
            return Pacer.usageError("web-token takes no arguments", hintFor: "web-token")
        }
        let file = WebTokenFile(environment: environment)
        guard arguments[rotate] else {
            Output.line(TerminalText(file.path))
            switch file.status {
            case .missing:
                Output.line("It does not exist yet: the first session with --sink web:token=stable,port=N makes it.")
            case .usable:
                Output.line(
                    "It holds a token: the link a session with --sink web:token=stable,port=N prints works for every session on that port.")
            case .refused(let reason):
                Output.problem(
                    TerminalText(
                        "pacer: the web plugin refuses it, and a session with --sink web:token=stable goes on without the page: \(reason)"))
                return ExitStatus.failure
            }
            return ExitStatus.success
        }
        do throws(FileError) {
            try file.rotate()
        } catch {
            Output.problem(TerminalText("pacer: \(error)"))
            return ExitStatus.failure
        }
        Output.line(TerminalText("Made a new token in \(file.path)."))
        Output.line(
            "Bookmarks of the old link no longer work: bookmark the link the next session prints (a session running now keeps the old one until it ends)."
        )
        return ExitStatus.success
    }
}
