import Glibc

extension FileSystem {
    /// Where the program `name` is, as a shell would find it: `name` itself when it holds a `/`,
    /// else the first executable regular file of that name in the folders of `searchPath` (the
    /// value of `PATH`; an empty entry is the current folder). Nil when there is none.
    public static func executable(named name: String, searchPath: String?) -> String? {
        guard !name.isEmpty else { return nil }
        if name.contains("/") { return isExecutableFile(name) ? name : nil }
        for folder in (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }
}
