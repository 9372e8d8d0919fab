extension Reducer {
    /// Saves the value at `keyPath` whenever it changes, once changes have stopped for
    /// `debounce` (a burst of edits is one save of the last value), and reports a failed save
    /// as the action `failed` makes.
    ///
    /// Put it on the feature whose state outlives the edits: a presented child's value kept in
    /// its parent is saved even when the child is dismissed while a save waits, because
    /// dismissing cancels the child's effects, not the parent's.
    ///
    /// ```swift
    /// Reduce { state, action in ... }
    ///   .persisting(\.speech, debounce: .milliseconds(250)) { speech in
    ///     try await settings.saveSpeech(speech)
    ///   } failed: { .saveFailed($0.localizedDescription) }
    /// ```
    public consuming func persisting<Value: Equatable & Sendable>(
        _ keyPath: KeyPath<State, Value> & Sendable,
        debounce: Duration,
        save: @escaping @Sendable (Value) async throws -> Void,
        failed: @escaping @Sendable (any Error) -> Action
    ) -> PersistingReducer<Self, Value> where Action: Sendable {
        PersistingReducer(base: self, keyPath: keyPath, debounce: debounce, save: save, failed: failed)
    }
}

/// The reducer `persisting(_:debounce:save:failed:)` builds.
public struct PersistingReducer<Base: Reducer, Value: Equatable & Sendable>: Reducer where Base.Action: Sendable {
    let base: Base
    let keyPath: KeyPath<Base.State, Value> & Sendable
    let debounce: Duration
    let save: @Sendable (Value) async throws -> Void
    let failed: @Sendable (any Error) -> Base.Action

    init(
        base: Base, keyPath: KeyPath<Base.State, Value> & Sendable, debounce: Duration,
        save: @escaping @Sendable (Value) async throws -> Void,
        failed: @escaping @Sendable (any Error) -> Base.Action
    ) {
        self.base = base
        self.keyPath = keyPath
        self.debounce = debounce
        self.save = save
        self.failed = failed
    }

    /// Runs the base, and saves the value when the action changed it.
    public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
        let before = state[keyPath: keyPath]
        let effect = base.reduce(into: &state, action: action)
        let after = state[keyPath: keyPath]
        if after == before { return effect }
        let save = save, failed = failed
        let saving = Effect<Base.Action>.run { _ in
            try await save(after)
        } catch: { error, send in
            await send(failed(error))
        }
        .debounce(id: PersistID(keyPath: keyPath), for: debounce, clock: DependencyValues.current.clock)
        return effect.merge(with: saving)
    }
}

/// Names the pending save of one persisted field.
struct PersistID: Hashable, @unchecked Sendable {
    // Unchecked: key paths are immutable; sharing one across threads is safe.
    let keyPath: AnyKeyPath
}
