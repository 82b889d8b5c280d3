import PacerRuntime
import PacerUserFiles

extension WorkoutSource {
    /// Why a command may not write `output`: it is this workout's own file (the same device and
    /// inode, through links, or the same path for a file not made yet); nil when it may. Every
    /// command that writes a file asks this of each workout it read.
    public func refusal(toWrite output: String) -> CommandFailure? {
        guard isFile, let shared = SharedFile.find(among: [("the workout file", path), ("the output", output)]) else { return nil }
        return .sharedFile(shared)
    }
}
