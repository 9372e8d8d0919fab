#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a new thread of its own, detached: what Foundation's `Thread` gives, with
/// pthreads, so that `kazu` needs no more than FoundationEssentials. For work that blocks
/// until another process acts (a read, a wait for a player).
///
/// ```swift
/// startDetachedThread { for line in reader { continuation.yield(line) } }
/// ```
package func startDetachedThread(_ body: @escaping @Sendable () -> Void) {
    // The new thread takes a body from the waiting ones rather than through pthread's
    // context pointer: each thread started takes one, so every body runs once.
    waitingBodies.withLock { $0.append(body) }
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let status = pthread_create(&thread, nil, { _ in
        waitingBodies.withLock { $0.removeFirst() }()
        return nil
    }, nil)
    guard status == 0 else { fatalError("cannot start a thread: \(String(cString: strerror(status)))") }
    #if canImport(Darwin)
    pthread_detach(thread!)
    #else
    pthread_detach(thread)
    #endif
}

/// Bodies handed to `startDetachedThread` whose threads have not taken them yet.
private let waitingBodies = PthreadLocked<[@Sendable () -> Void]>([])
