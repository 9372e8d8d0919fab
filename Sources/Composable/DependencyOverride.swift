extension Reducer {
    /// This reducer, and the effects it returns, with one dependency set to `value`: how one
    /// feature gets a different client in two parents.
    ///
    /// ```swift
    /// Scope(state: \.speech, action: \.speech) {
    ///   SpeechSettings().dependency(\.speech, .silent)   // this parent's test voice is silent
    /// }
    /// ```
    public func dependency<Value>(
        _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
    ) -> DependencyOverride<Self> where Value: Sendable {
        DependencyOverride(base: self) { $0[keyPath: keyPath] = value }
    }
}

/// The reducer `dependency(_:_:)` builds.
public struct DependencyOverride<Base: Reducer>: Reducer {
    let base: Base
    let update: @Sendable (inout DependencyValues) -> Void

    public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
        // Effects capture the dependencies in force where they are made, so they see it too.
        var values = DependencyValues.current
        update(&values)
        return DependencyValues.$ofTask.withValue(values) { base.reduce(into: &state, action: action) }
    }
}
