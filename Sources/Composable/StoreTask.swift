import Synchronization

/// The effects started by one `send`: await `finish()` to wait for them, or cancel them.
///
/// ```swift
/// await store.send(.factTapped).finish()   // the fact has arrived
/// ```
public struct StoreTask: Hashable, Sendable {
    /// Nil when the send started no task.
    let family: EffectFamily?

    /// Waits until the effects have ended, those of the actions they sent back included.
    public func finish() async {
        await family?.finish()
    }

    /// Cancels the effects.
    public func cancel() {
        family?.cancel()
    }

    /// Whether the effects were cancelled (true when there were none).
    public var isCancelled: Bool { family?.isCancelled ?? true }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.family === rhs.family }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(family.map(ObjectIdentifier.init))
    }
}

/// The tasks started for one send and for the actions its effects send back.
package final class EffectFamily: Sendable {
    private let tasks = Mutex<(started: [Task<Void, Never>], isCancelled: Bool)>(([], false))

    init() {}

    func add(_ task: Task<Void, Never>) {
        let isCancelled = tasks.withLock {
            $0.started.append(task)
            return $0.isCancelled
        }
        if isCancelled { task.cancel() }
    }

    var isEmpty: Bool { tasks.withLock { $0.started.isEmpty } }

    /// Waits until every task has ended, those added meanwhile included. Cancelling the
    /// waiting task does not cancel them.
    package func finish() async {
        var index = 0
        while let task = tasks.withLock({ [index] in index < $0.started.count ? $0.started[index] : nil }) {
            await task.value
            index += 1
        }
    }

    package func cancel() {
        let started = tasks.withLock {
            $0.isCancelled = true
            return $0.started
        }
        for task in started { task.cancel() }
    }

    package var isCancelled: Bool { tasks.withLock { $0.isCancelled } }
}
