import Glibc
import PacerSystem
import Testing

/// A fresh folder under /tmp, removed afterwards with what is in it.
package struct Folder: ~Copyable {
    package let path: String

    package init() throws {
        path = "/tmp/pacer-fs-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try #require(mkdir(path, 0o700) == 0)
    }

    package func file(_ name: String) -> String { path + "/" + name }

    deinit {
        Self.remove(path)
    }

    private static func remove(_ path: String) {
        for name in FileSystem.contents(of: path) where unlink(path + "/" + name) != 0 {
            remove(path + "/" + name)
        }
        rmdir(path)
    }
}
