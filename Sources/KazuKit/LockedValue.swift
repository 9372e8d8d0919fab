import Synchronization

/// A value shared between threads behind a lock: for in-memory clients and test recorders.
///
/// ```swift
/// let saved = LockedValue<[KazuSettings]>([])
/// saved.withLock { $0.append(settings) }
/// ```
public final class LockedValue<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    public var value: Value {
        get { mutex.withLock { $0 } }
        set { mutex.withLock { $0 = newValue } }
    }

    public func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R {
        mutex.withLock { body(&$0) }
    }
}
