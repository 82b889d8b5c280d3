extension JSONValue {
    /// The object with `key` set to the string `text` (where the key is, else first), or without
    /// `key` when `text` is nil; any other value is returned as it is.
    public func setting(_ key: String, to text: String?) -> JSONValue {
        guard case .object(var members) = content else { return self }
        let position = members.firstIndex { $0.key == key }
        if let position { members.remove(at: position) }
        if let text {
            members.insert(Member(key: key, value: JSONValue(content: .string(text), offset: offset)), at: position ?? 0)
        }
        return JSONValue(content: .object(members), offset: offset)
    }
}
