extension String {
    /// The text as one word for fish, in single quotes (where only `\` and `'` are special).
    var fishQuoted: String {
        "'" + replacing(#"\"#, with: #"\\"#).replacing("'", with: #"\'"#) + "'"
    }
}
