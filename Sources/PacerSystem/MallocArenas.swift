internal import CSpawn

/// glibc's malloc arenas, which by default every thread that allocates makes more of.
public enum MallocArenas {
    /// Makes every thread allocate from one arena; call before any thread starts.
    public static func useOne() {
        pacer_use_one_malloc_arena()
    }
}
