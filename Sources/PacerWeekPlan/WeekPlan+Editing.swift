import PacerFoundation
import PacerSettingsFile
import PacerWorkout

extension WeekPlan {
    /// The plan file `bytes` (nil when there is none yet) with `entry` added last: laid out as pacer
    /// writes files, everything else in it kept, and checked.
    public static func text(adding entry: Entry, to bytes: [UInt8]?) throws(ConfigErrors) -> String {
        let root = try bytes.map { bytes throws(ConfigErrors) in try checkedRoot(bytes) } ?? JSONValue(content: .object([]), offset: 0)
        return try checked(root.editingEntries { $0 + [entry.json] })
    }

    /// The plan file `bytes` without its entry `number` (from 1, as `pacer plan` numbers them), or
    /// nil when it has no such entry.
    public static func text(removing number: Int, from bytes: [UInt8]) throws(ConfigErrors) -> String? {
        let plan = try decode(bytes)
        guard plan.entries.indices.contains(number - 1) else { return nil }
        return try checked(
            try checkedRoot(bytes).editingEntries { entries in
                var entries = entries
                entries.remove(at: number - 1)
                return entries
            })
    }

    /// The JSON of a plan file that is valid.
    private static func checkedRoot(_ bytes: [UInt8]) throws(ConfigErrors) -> JSONValue {
        _ = try decode(bytes)
        return try SettingsFileCheck(bytes).root()
    }

    /// The file's text for `root`, checked again as it will be read.
    private static func checked(_ root: JSONValue) throws(ConfigErrors) -> String {
        let text = WorkoutLayout.text(of: root)
        _ = try decode(Array(text.utf8))
        return text
    }
}

extension WeekPlan.Entry {
    /// The entry as the plan file holds it.
    var json: JSONValue {
        func string(_ text: String) -> JSONValue { JSONValue(content: .string(text), offset: 0) }
        var members = [JSONValue.Member(key: "days", value: JSONValue(content: .array(days.map { string($0.key) }), offset: 0))]
        if let time { members.append(JSONValue.Member(key: "time", value: string(time.description))) }
        members.append(JSONValue.Member(key: "workout", value: string(workout.reference)))
        if let since { members.append(JSONValue.Member(key: "since", value: string(since.description))) }
        return JSONValue(content: .object(members), offset: 0)
    }
}

extension JSONValue {
    /// The object with its `"entries"` array changed by `change` (an empty one added when it has none).
    fileprivate func editingEntries(_ change: ([JSONValue]) -> [JSONValue]) -> JSONValue {
        guard case .object(var members) = content else { return self }
        let position = members.firstIndex { $0.key == "entries" }
        var entries: [JSONValue] = []
        if let position, case .array(let elements) = members[position].value.content { entries = elements }
        let edited = Member(key: "entries", value: JSONValue(content: .array(change(entries)), offset: 0))
        if let position { members[position] = edited } else { members.append(edited) }
        return JSONValue(content: .object(members), offset: offset)
    }
}
