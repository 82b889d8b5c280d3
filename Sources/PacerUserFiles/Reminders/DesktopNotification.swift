import Glibc
import PacerSystem

/// A desktop notification through `notify-send`, which hands it to the freedesktop notification
/// service of the user's session.
public struct DesktopNotification: Sendable {
    /// The `notify-send` to run.
    public let program: String
    let environment: Environment

    /// The notifier, when there is a desktop to show it on: `notify-send` on `PATH` and a session
    /// bus or a display to reach; nil otherwise (a cron job, an ssh login, a server).
    public init?(environment: Environment) {
        guard ["DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY"].contains(where: { environment[$0] != nil }),
            let program = FileSystem.executable(named: "notify-send", searchPath: environment["PATH"])
        else { return nil }
        self.program = program
        self.environment = environment
    }

    /// How long `notify-send` may take before it is given up on, in seconds.
    static let patience = 10.0

    /// Shows `summary` and `body`; whether `notify-send` said it did, within its time.
    public func send(summary: String, body: String) -> Bool {
        Subprocess.run(
            program, arguments: ["--app-name=Pacer", "--", summary, body], environment: environment.variables,
            stdout: STDERR_FILENO, stderr: STDERR_FILENO, timeout: Self.patience) == 0
    }
}
