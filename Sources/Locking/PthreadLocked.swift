#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`, for state that several threads share: the test
/// clock and the test store, and the live voice's player (the engine, the thread writing its
/// input, the one reading its errors and the one waiting for it).
///
/// `Synchronization.Mutex` would do, but on Linux its contended path waits in the standard
/// library, which ThreadSanitizer does not see, so `scripts/sanitize thread` reported races
/// between two `withLock` closures. ThreadSanitizer intercepts `pthread_mutex_lock`.
///
/// ```swift
/// let count = PthreadLocked(0)
/// count.withLock { $0 += 1 }
/// ```
package final class PthreadLocked<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
