extension String {
    /// The text as one word for bash or zsh: as it is when it is plain, else in single quotes.
    public var shellQuoted: String {
        if !isEmpty, allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=+,@%".contains($0)) }) { return self }
        return "'" + replacing("'", with: #"'\''"#) + "'"
    }

    /// The text as one word for fish, in single quotes (where only `\` and `'` are special).
    public var fishQuoted: String {
        "'" + replacing(#"\"#, with: #"\\"#).replacing("'", with: #"\'"#) + "'"
    }
}
