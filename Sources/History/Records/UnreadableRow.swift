/// A row of the history that another program made unreadable (a value no session can have), left
/// out of what is read: which row, and what is wrong with it.
public struct UnreadableRow: Sendable, Hashable, CustomStringConvertible {
    /// `session #12`, `phase row 40 of session #12`, `weight reading #3`.
    public let row: String
    /// Each value that cannot be read: `active is inf, not a number of seconds from 0 to 31622400`.
    public let problems: [String]

    public init(row: String, problems: [String]) {
        self.row = row
        self.problems = problems
    }

    /// `session #12: active is inf, not a number of seconds from 0 to 31622400`.
    public var description: String { "\(row): \(problems.joined(separator: "; "))" }
}
