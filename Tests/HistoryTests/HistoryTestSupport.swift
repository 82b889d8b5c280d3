#if canImport(Glibc)
import Glibc
#endif
@testable import HistorySink
@testable import pacer
import PacerCore
import Testing

@Test func placeholder() {
    #expect(HistoryLocation.path(environment: ["HOME": "/h"]) == "/h/.local/share/pacer/history.sqlite3")
    #expect(Pacer.commands.count > 0)
}
