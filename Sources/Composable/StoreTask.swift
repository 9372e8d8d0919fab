import Dispatch
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
    public nonisolated(nonsending) func finish() async {
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
    private struct Tasks {
        var started: [Task<Void, Never>] = []
        /// The started tasks that have not yet called `taskEnded`.
        var running = 0
        var isCancelled = false
        /// Who waits in `finish` for `running` to reach zero.
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let tasks = Mutex(Tasks())

    init() {}

    /// Adds a task that calls `taskEnded` as the last thing it does.
    func add(_ task: Task<Void, Never>) {
        let isCancelled = tasks.withLock {
            $0.started.append(task)
            $0.running += 1
            return $0.isCancelled
        }
        if isCancelled { task.cancel() }
    }

    /// Called by each task as it ends; the last one lets the waiters go.
    func taskEnded() {
        let waiting = tasks.withLock { tasks in
            tasks.running -= 1
            guard tasks.running == 0 else { return [CheckedContinuation<Void, Never>]() }
            defer { tasks.waiting = [] }
            return tasks.waiting
        }
        for waiter in waiting { waiter.resume() }
    }

    var isEmpty: Bool { tasks.withLock { $0.started.isEmpty } }

    /// Waits until every task has ended, those added meanwhile included. Cancelling the
    /// waiting task does not cancel them. The last task to end resumes the waiter: one
    /// resumption for the whole family, not one per task.
    package nonisolated(nonsending) func finish() async {
        guard tasks.withLock({ $0.running > 0 }) else { return }
        // A resumed continuation runs on the global executor before it returns to its actor;
        // a waiter on the main actor, where the tasks end, takes the main queue instead, so
        // that no other thread has to wake for it.
        guard isMainActor(#isolation) else { return await waitForTasks() }
        await withTaskExecutorPreference(MainQueueExecutor.shared) { await waitForTasks() }
    }

    private nonisolated(nonsending) func waitForTasks() async {
        await withCheckedContinuation { continuation in
            let ended = tasks.withLock { tasks in
                if tasks.running == 0 { return true }
                tasks.waiting.append(continuation)
                return false
            }
            if ended { continuation.resume() }
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

private func isMainActor(_ isolation: (any Actor)?) -> Bool { isolation === MainActor.shared }

/// Runs nonisolated work on the main queue, whose thread runs the main actor.
private final class MainQueueExecutor: TaskExecutor {
    static let shared = MainQueueExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
