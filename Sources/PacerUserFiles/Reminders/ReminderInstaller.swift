import Glibc
import PacerSystem

/// Puts the reminder units in systemd's folder of user units (`$XDG_CONFIG_HOME/systemd/user`),
/// takes them away again, and has the user's systemd start or stop the timer when there is one.
public struct ReminderInstaller: Sendable {
    public let environment: Environment
    public let folder: String

    public init(environment: Environment) {
        self.environment = environment
        folder = environment.configHome + "/systemd/user"
    }

    public var timerPath: String { "\(folder)/\(ReminderUnits.name).timer" }
    public var servicePath: String { "\(folder)/\(ReminderUnits.name).service" }

    /// Whether the units are in place.
    public var isInstalled: Bool { FileSystem.entryExists(timerPath) || FileSystem.entryExists(servicePath) }

    /// Writes both units, each whole or not at all (the service first, so the timer never starts
    /// what is not there); returns the paths written.
    public func install(_ units: ReminderUnits) throws(FileError) -> [String] {
        try FileSystem.createDirectories(folder)
        try ReplacementFile.write(Array(units.service.utf8), to: servicePath)
        try ReplacementFile.write(Array(units.timer.utf8), to: timerPath)
        return [servicePath, timerPath]
    }

    /// Removes the units; returns the paths removed.
    public func uninstall() throws(FileError) -> [String] {
        var removed: [String] = []
        for path in [timerPath, servicePath] where FileSystem.entryExists(path) {
            guard unlink(path) == 0 else { throw FileError("remove", path, errno: errno) }
            removed.append(path)
        }
        return removed
    }

    /// What starts the timer after the units are written (or rewritten), as the user would type it.
    public static let enabling = [
        ["systemctl", "--user", "daemon-reload"], ["systemctl", "--user", "enable", "--now", "\(ReminderUnits.name).timer"],
    ]
    /// What stops the timer before the units go.
    public static let disabling = [["systemctl", "--user", "disable", "--now", "\(ReminderUnits.name).timer"]]
    /// What makes systemd forget the units once they are gone.
    public static let reloading = [["systemctl", "--user", "daemon-reload"]]

    /// `systemctl` when the user's systemd can be reached through it (its private socket is in
    /// `$XDG_RUNTIME_DIR/systemd`), else nil: then the commands are only shown.
    public var systemctl: String? {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), FileSystem.entryExists(runtime + "/systemd/private")
        else { return nil }
        return FileSystem.executable(named: "systemctl", searchPath: environment["PATH"])
    }

    /// Runs `commands` in order with `systemctl`, each waited for (its output the user's), until
    /// one fails; returns whether all succeeded.
    public func run(_ commands: [[String]], with systemctl: String) -> Bool {
        commands.allSatisfy { command in
            Subprocess.run(
                systemctl, arguments: Array(command.dropFirst()), environment: environment.variables,
                stdout: STDOUT_FILENO, stderr: STDERR_FILENO, timeout: Self.patience) == 0
        }
    }

    /// How long a `systemctl` call may take, in seconds.
    static let patience = 30.0
}
