import Glibc
import PacerCommands
import PacerSystem

// A closed output is an error to handle where it happens, not a signal that kills without a word.
signal(SIGPIPE, SIG_IGN)
// One malloc arena for every thread. Pacer's threads take turns (the clock, the screen, the
// sinks) and allocate little, so per-thread arenas only cost: each thread that runs a frame or a
// write grows an arena of its own, page by page, and keeps it resident.
MallocArenas.useOne()
// With a standard stream closed (`pacer run >&-`), a file opened later would land on it.
StandardStreams.ensureOpen()
let status = Pacer.main(Array(CommandLine.arguments.dropFirst()), environment: .current)
exit(Output.finish(status))
