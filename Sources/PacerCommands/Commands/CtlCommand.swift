import PacerCommandLine
import PacerEngine
import PacerRuntime

/// `pacer ctl COMMAND...`: a prompt command for the running session, through its remote plugin.
enum CtlCommand {
    static let session = Option<Int32>("--session", value: "PID", help: "steer the session of this pacer process (the newest by default)") {
        text throws(UsageError) in
        guard let number = Int32(text), number > 0 else {
            throw UsageError(message: "--session takes the process id of a session's pacer, as in --session 4242")
        }
        return number
    }

    static let spec = CommandSpec(
        name: "ctl", abstract: "send a prompt command to the session running the remote plugin",
        usage: "pacer ctl COMMAND...", arguments: .choice(CommandGrammar.commands(sentBy: .control).flatMap(\.words)),
        details: """
            Writes COMMAND, as typed at the prompt (\(CommandGrammar.commands(sentBy: .control).filter { !$0.words.isEmpty }.map(\.name).joined(separator: ", ")),
            +30, -10, done 8 @ 20 kg), to the FIFO of a session started with --sink remote
            ($XDG_RUNTIME_DIR/pacer/remote-PID), the newest one still running unless --session says
            which, and returns at once: it never waits for a session that is not there or not
            reading. With several sessions running it says which one it steered. Exits 1 when no
            session takes commands, or when the folder or FIFO is not this user's alone. Whether the
            session could do it is shown in the session.
            """,
        options: [session.spec]
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
            _ = try CommandGrammar.parse(line)
            if CommandGrammar.command(typedAs: line)?.senders.contains(.control) == false {
                return Pacer.usageError(
                    "the answer to '\(line)' is shown at the session's prompt only, so pacer ctl does not send it", hintFor: "ctl")
            }
        } catch {
            return Pacer.usageError(error.message, hintFor: "ctl")
        }
        let pid = arguments[session]
        do throws(RemoteControl.Failure) {
            let (steered, running) = try RemoteControl(environment: environment).send(line, to: pid)
            if running.count > 1, pid == nil {
                let others = running.filter { $0.pid != steered.pid }.map(\.description).joined(separator: ", ")
                Output.problem(
                    "pacer: sent to session \(steered), the newest of \(running.count); to steer another, add --session PID: \(others)")
            }
        } catch {
            Output.problem("pacer: \(error)")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }
}
