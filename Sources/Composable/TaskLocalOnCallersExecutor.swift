extension TaskLocal {
    /// Binds this task-local to `value` while `operation` runs, on the executor of whoever
    /// called: the store's actor, for an effect.
    ///
    /// ```swift
    /// await DependencyValues.$ofTask.withValue(values, keepingExecutor: { try await work() })
    /// ```
    ///
    /// Why it exists (Swift 6.3.1): a closure literal passed to `withValue` runs on the global
    /// executor unless it captures an `isolated` parameter, even inside
    /// `nonisolated(nonsending)` code, and an effect's work is to stay on the store's actor.
    /// `EffectIsolationTests` check it.
    func withValue<R>(
        _ value: Value,
        keepingExecutor operation: nonisolated(nonsending) () async throws -> R,
        isolation: isolated (any Actor)? = #isolation
    ) async rethrows -> R {
        try await withValue(value, operation: {
            _ = isolation
            return try await operation()
        })
    }
}
