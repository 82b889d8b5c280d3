import PacerFoundation

extension HistoryStore {
    /// Records a body weight for `day`, noting when it was recorded; returns its id.
    @discardableResult
    public func recordWeighIn(_ weight: BodyWeight, day: CalendarDay, at recorded: WallTime) throws(HistoryError) -> Int64 {
        try attempt { () throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                try database.run(
                    """
                    INSERT INTO weigh_ins (day, value, unit, recorded_at, utc_offset) VALUES (?, ?, ?, ?, ?)
                    """,
                    [
                        .text(day.description), .real(weight.value), .text(weight.unit.rawValue),
                        .integer(recorded.epochSeconds), .integer(Int64(recorded.utcOffset)),
                    ])
                return database.lastInsertedRowID
            }
        }
    }

    /// Every body weight reading, oldest first (by day, then as recorded); rows another program
    /// made unreadable are left out and noted in `unreadableRows`.
    public func weighIns() throws(HistoryError) -> [WeighIn] {
        try attempt { () throws(SQLiteError) in
            try database.query("SELECT id, day, value, unit FROM weigh_ins ORDER BY day, id") { row -> WeighIn? in
                let id = row.integer(0) ?? 0
                return checked(row, "weight reading #\(id)") { checked in
                    let day = row.text(1).flatMap(CalendarDay.init(iso:))
                    if day == nil { checked.note("day", row.value(1), "a date written YYYY-MM-DD") }
                    let unit = row.text(3).flatMap(BodyWeight.Unit.init)
                    if unit == nil { checked.note("unit", row.value(3), "kg or lb") }
                    guard let unit,
                        let value = checked.number(
                            2, "value", in: Double.leastNonzeroMagnitude...unit.maximum,
                            expected: "a body weight above 0 and at most \(JSONText.number(unit.maximum.rounded(.down))) \(unit)"),
                        let day, let weight = BodyWeight(value: value, unit: unit)
                    else { return nil }
                    return WeighIn(id: id, day: day, weight: weight)
                }
            }.compactMap { $0 }
        }
    }
}
