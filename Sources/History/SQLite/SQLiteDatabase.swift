internal import CSQLite

/// A failure SQLite reported, with its result code and its own message.
struct SQLiteError: Error, CustomStringConvertible {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_NOTADB`, …), extended bits removed.
    let code: Int32
    let message: String

    var description: String { message }

    /// Whether another connection held the lock: worth trying again.
    var isBusy: Bool { code == SQLITE_BUSY }

    /// A reason of Pacer's own to refuse a database, as an error like SQLite's.
    static func refusal(_ message: String) -> SQLiteError {
        SQLiteError(code: SQLITE_ERROR, message: message)
    }
}

/// A value bound to a statement's `?` parameters.
enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// The current row of a query, read by column position (0-based); NULL reads as nil.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func integer(_ column: Int32) -> Int64? {
        isNull(column) ? nil : sqlite3_column_int64(statement, column)
    }

    /// The value as stored, whatever the column's declared type (a blob as its bytes read as text).
    func value(_ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL: .null
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
        default: .text(text(column) ?? "")
        }
    }

    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}

/// One connection to an SQLite database file: prepared statements with bound parameters, rows,
/// and `BEGIN IMMEDIATE` transactions. The only code that speaks to the C library.
final class SQLiteDatabase {
    let path: String
    private let handle: OpaquePointer
    /// Prepared statements by their SQL, reused across calls.
    private var statements: [String: OpaquePointer] = [:]

    /// Opens `path`, creating the file if `create`; waits up to `busyTimeout` milliseconds for
    /// another connection's lock before a statement fails with "database is locked".
    init(path: String, create: Bool, busyTimeout: Int32) throws(SQLiteError) {
        self.path = path
        var handle: OpaquePointer?
        // No mutex of SQLite's around every call (two per column read): a connection is used by one
        // thread at a time, as the types that hold one are not Sendable (the sink's on its own queue).
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0)
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard let handle else { throw SQLiteError(code: code, message: "out of memory") }
        guard code == SQLITE_OK else {
            let error = SQLiteError(code: code & 0xFF, message: String(cString: sqlite3_errmsg(handle)))
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, busyTimeout)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs one statement, discarding any rows.
    func run(_ sql: String, _ parameters: [SQLiteValue] = []) throws(SQLiteError) {
        _ = try query(sql, parameters) { _ in () }
    }

    /// Runs one statement and maps each row it returns.
    func query<Row>(_ sql: String, _ parameters: [SQLiteValue] = [], _ map: (SQLiteRow) -> Row) throws(SQLiteError) -> [Row] {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, value) in parameters.enumerated() {
            try check(bind(value, to: statement, at: Int32(offset + 1)))
        }
        var rows: [Row] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw error(code) }
            rows.append(map(SQLiteRow(statement: statement)))
        }
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: the write lock is taken first (waiting for
    /// the busy timeout), so two writers queue instead of failing halfway; any error rolls back.
    func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try run("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            if sqlite3_get_autocommit(handle) == 0 { try? run("ROLLBACK") }
            throw error
        }
    }

    /// The row id of the last `INSERT` on this connection.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil))
        guard let statement else { throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement: \(sql)") }
        statements[sql] = statement
        return statement
    }

    private func bind(_ value: SQLiteValue, to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch value {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let number): sqlite3_bind_int64(statement, index, number)
        case .real(let number): sqlite3_bind_double(statement, index, number)
        case .text(let text): text.withCString { pacer_sqlite3_bind_text(statement, index, $0, Int32(text.utf8.count)) }
        }
    }

    /// Turns a result code other than OK into an error carrying SQLite's message.
    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw error(code) }
    }

    private func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code & 0xFF, message: String(cString: sqlite3_errmsg(handle)))
    }
}
