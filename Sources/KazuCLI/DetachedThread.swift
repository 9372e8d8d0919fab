#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a new thread of its own, detached: what Foundation's `Thread` gave the
/// quiz's input reader, with pthreads, so that `kazu` needs no more than FoundationEssentials.
///
/// ```swift
/// startDetachedThread { for line in reader { continuation.yield(line) } }
/// ```
func startDetachedThread(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let status = pthread_create(&thread, nil, { context in
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
        return nil
    }, context)
    guard status == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        fatalError("cannot start a thread: \(String(cString: strerror(status)))")
    }
    #if canImport(Darwin)
    pthread_detach(thread!)
    #else
    pthread_detach(thread)
    #endif
}

private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
