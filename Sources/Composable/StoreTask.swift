/// The effects started by one `send`: await `finish()` to wait for them, or cancel them.
///
/// ```swift
/// await store.send(.factTapped).finish()   // the fact has arrived
/// ```
public struct StoreTask: Hashable, Sendable {
    @usableFromInline let task: Task<Void, Never>?

    @inlinable
    init(_ task: Task<Void, Never>?) { self.task = task }

    /// Waits until the effects have ended.
    public func finish() async {
        await task?.value
    }

    /// Cancels the effects.
    public func cancel() {
        task?.cancel()
    }

    /// Whether the effects were cancelled.
    public var isCancelled: Bool { task?.isCancelled ?? true }
}
