#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a `pthread_mutex_t`: the state a player shares between the engine, the
/// thread that writes its input, the one that reads its errors and the one that waits for it.
///
/// `Synchronization.Mutex` would do, but on Linux a contended `withLock` waits in the
/// standard library, where ThreadSanitizer does not look: `scripts/sanitize thread` reported
/// races between two `withLock` closures on a player's state. It intercepts
/// `pthread_mutex_lock`. (ComposableTesting keeps a copy for its test clock and store; the two
/// targets share no module to hold one.)
///
/// ```swift
/// let exited = PthreadLocked(false)
/// exited.withLock { $0 = true }
/// ```
final class PthreadLocked<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only while `mutex` is held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
