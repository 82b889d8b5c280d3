import PacerRuntime
#if canImport(Glibc)
import Glibc
#endif

// A closed output is an error to handle where it happens, not a signal that kills without a word.
signal(SIGPIPE, SIG_IGN)
exit(Pacer.main(Array(CommandLine.arguments.dropFirst()), environment: .current))
