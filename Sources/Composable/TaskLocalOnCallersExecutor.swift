extension TaskLocal {
    /// Binds this task-local to `value` while `operation` runs, on the caller's executor (the
    /// store's actor, for an effect). In Swift 6.3.1 a closure literal passed to `withValue`
    /// runs on the global executor unless it captures an `isolated` parameter, even inside
    /// `nonisolated(nonsending)` code; `EffectIsolationTests` check that this one does not.
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
