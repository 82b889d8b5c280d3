import PacerCore
import PacerRuntime

/// `pacer ctl COMMAND...`: a prompt command for the running session, through its remote plugin.
enum CtlCommand {
    /// Commands whose point is their answer, which stays in the session's prompt.
    static let unanswerable: [Command] = [.status, .help]

    static let spec = CommandSpec(
        name: "ctl", abstract: "send a prompt command to the session running the remote plugin",
        usage: "pacer ctl COMMAND...", arguments: .choice(CommandGrammar.words.filter { !["status", "help"].contains($0) }),
        details: """
            Writes COMMAND (pause, resume, skip, back, restart, +30, -10, done 8 @ 20 kg, quit) to the
            FIFO of the newest session started with --sink remote, $XDG_RUNTIME_DIR/pacer/remote, and
            returns at once: it never waits for a session that is not there or not reading. Exits 1
            when no session takes commands. Whether the session could do it is shown in the session.
            """,
        options: []
    ) { arguments, environment in
        guard !arguments.positionals.isEmpty else {
            return Pacer.usageError("ctl needs a command, as in: pacer ctl skip", hintFor: "ctl")
        }
        let line = arguments.positionals.joined(separator: " ")
        guard line.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            return Pacer.usageError("a command is one line of text, without control characters", hintFor: "ctl")
        }
        guard line.utf8.count <= RemoteControl.longestLine else {
            return Pacer.usageError("the command is longer than \(RemoteControl.longestLine) bytes", hintFor: "ctl")
        }
        do throws(CommandParseError) {
            if unanswerable.contains(try CommandGrammar.parse(line)) {
                return Pacer.usageError("the answer to '\(line)' is shown at the session's prompt only, so pacer ctl does not send it", hintFor: "ctl")
            }
        } catch {
            return Pacer.usageError(error.message, hintFor: "ctl")
        }
        do throws(RemoteControl.Failure) {
            try RemoteControl(environment: environment).send(line)
        } catch {
            Output.problem("pacer: \(error)")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }
}
