import PacerCore

extension HistoryStore {
    /// Records a body weight for `day`, noting when it was recorded; returns its id.
    @discardableResult
    public func recordWeighIn(_ weight: BodyWeight, day: CalendarDay, at recorded: WallTime) throws(HistoryError) -> Int64 {
        try attempt { () throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                try database.run("""
                    INSERT INTO weigh_ins (day, value, unit, recorded_at, utc_offset) VALUES (?, ?, ?, ?, ?)
                    """, [.text(day.description), .real(weight.value), .text(weight.unit.rawValue),
                          .integer(recorded.epochSeconds), .integer(Int64(recorded.utcOffset))])
                return database.lastInsertedRowID
            }
        }
    }

    /// Every body weight reading, oldest first (by day, then as recorded); rows another program
    /// made unreadable are left out.
    public func weighIns() throws(HistoryError) -> [WeighIn] {
        try attempt { () throws(SQLiteError) in
            try database.query("SELECT id, day, value, unit FROM weigh_ins ORDER BY day, id") { row -> WeighIn? in
                guard let day = row.text(1).flatMap(CalendarDay.init(iso:)), let value = row.real(2),
                      let unit = row.text(3).flatMap(BodyWeight.Unit.init), let weight = BodyWeight(value: value, unit: unit) else { return nil }
                return WeighIn(id: row.integer(0) ?? 0, day: day, weight: weight)
            }.compactMap { $0 }
        }
    }
}
