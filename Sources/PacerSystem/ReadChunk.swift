import Glibc

/// Memory that read(2) fills, left as it is until then: a cleared 64 KiB array costs sixteen
/// fresh pages before the first byte comes, most of them never used by a file of a few hundred bytes.
final class ReadChunk {
    private let storage: UnsafeMutableRawBufferPointer

    /// Room for `capacity` bytes a read (at least one).
    init(capacity: Int) {
        storage = .allocate(byteCount: max(1, capacity), alignment: MemoryLayout<UInt64>.alignment)
    }

    deinit {
        storage.deallocate()
    }

    /// Reads once from `descriptor` into the chunk: how many bytes came, or -1 with `errno` set.
    func read(from descriptor: Int32) -> Int {
        Glibc.read(descriptor, storage.baseAddress, storage.count)
    }

    /// The first `count` bytes the last read brought.
    func bytes(_ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: storage[..<count])
    }
}
