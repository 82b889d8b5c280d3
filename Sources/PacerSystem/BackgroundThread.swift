import Glibc

/// A thread of its own for work that blocks (reading a pipe, waiting for a child), so that no
/// Dispatch worker is held and the blocked work never delays anything else.
public enum BackgroundThread {
    /// Runs `body` on a new detached thread.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { context in
                let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
                body.run()
                return nil
            }, box)
        if result == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Body>.fromOpaque(box).release()
            body()
        }
    }

    private final class Body {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }
}
