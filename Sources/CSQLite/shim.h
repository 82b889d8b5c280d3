#ifndef PACER_CSQLITE_SHIM_H
#define PACER_CSQLITE_SHIM_H

#include <sqlite3.h>

// Swift 6 cannot use SQLITE_TRANSIENT (a macro casting -1 to a function pointer); these wrappers
// bind text and blobs that SQLite copies before the call returns.

static inline int pacer_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

#endif
