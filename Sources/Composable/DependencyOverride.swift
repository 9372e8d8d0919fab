extension Reducer {
    /// This reducer, and the effects it returns, with one dependency set to `value`: how one
    /// feature gets a different client in two parents.
    ///
    /// ```swift
    /// Scope(state: \.speech, action: \.speech) {
    ///   SpeechSettings().dependency(\.speech, .silent)   // this parent's test voice is silent
    /// }
    /// ```
    @inlinable
    public func dependency<Value>(
        _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
    ) -> DependencyOverride<Self> where Value: Sendable {
        DependencyOverride(base: self) { $0[keyPath: keyPath] = value }
    }
}

/// The reducer `dependency(_:_:)` builds.
public struct DependencyOverride<Base: Reducer>: Reducer {
    @usableFromInline let base: Base
    @usableFromInline let update: @Sendable (inout DependencyValues) -> Void

    @inlinable
    init(base: Base, update: @escaping @Sendable (inout DependencyValues) -> Void) {
        self.base = base
        self.update = update
    }

    @inlinable
    public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
        // Effects capture the dependencies in force where they are made, so they see it too.
        var values = DependencyValues.current
        update(&values)
        return DependencyValues.with(values) { base.reduce(into: &state, action: action) }
    }

    /// Makes the base once, under the changed dependencies (a body may capture them as it is
    /// built), not on every action: see `Reducer._makeReduce()`.
    @inlinable
    public func _makeReduce() -> (inout Base.State, Base.Action) -> Effect<Base.Action> {
        let update = update
        let reduceBase = withDependencies(update) { base._makeReduce() }
        return { state, action in
            var values = DependencyValues.current
            update(&values)
            return DependencyValues.with(values) { reduceBase(&state, action) }
        }
    }
}
