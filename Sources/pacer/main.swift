import Glibc
import PacerSystem

// A closed output is an error to handle where it happens, not a signal that kills without a word.
signal(SIGPIPE, SIG_IGN)
// With a standard stream closed (`pacer run >&-`), a file opened later would land on it.
StandardStreams.ensureOpen()
let status = Pacer.main(Array(CommandLine.arguments.dropFirst()), environment: .current)
Output.flush()
exit(status)
