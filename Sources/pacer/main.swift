import PacerRuntime
#if canImport(Glibc)
import Glibc
#endif

exit(Pacer.main(Array(CommandLine.arguments.dropFirst()), environment: .current))
