import Locking
import Synchronization

/// The effects one `TestStore.send` started: wait for them to end, or cancel them.
///
/// ```swift
/// let task = await store.send(.startTapped) { $0.isRunning = true }
/// await task.cancel()   // the timer stops; the test goes on
/// ```
public struct TestStoreTask: Sendable {
    let task: Task<Void, Never>?
    let timeout: Duration

    /// Waits for the effects to end; fails the test if they are still running after
    /// `timeout` (the store's, unless given).
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async {
        guard let task else { return }
        let limit = timeout ?? self.timeout
        if await !ended(task, within: limit) {
            reportFailure(
                "The effects of this send were still running after \(limit).",
                at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }

    /// Cancels the effects, and waits (up to the store's timeout) for them to end.
    public func cancel() async {
        guard let task else { return }
        task.cancel()
        _ = await ended(task, within: timeout)
    }

    /// Whether the effects were cancelled.
    public var isCancelled: Bool { task?.isCancelled ?? true }

    /// Waits until `task` ends or `limit` of real time passes; true when it ended.
    private func ended(_ task: Task<Void, Never>, within limit: Duration) async -> Bool {
        let done = PthreadLocked(false)
        let watcher = Task {
            await task.value
            done.withLock { $0 = true }
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        var spins = 0
        while !done.withLock({ $0 }) && clock.now < deadline {
            spins += 1
            if spins < 200 { await Task.yield() } else { try? await Task.sleep(for: .milliseconds(1)) }
        }
        _ = watcher
        return done.withLock { $0 }
    }
}
