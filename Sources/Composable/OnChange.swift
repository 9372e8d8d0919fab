extension Reducer {
    /// Runs `reducer` after this one whenever the value `toValue` reads from state changed;
    /// how a feature reacts to any change of a field, whichever action made it.
    ///
    /// ```swift
    /// Scope(state: \.speech, action: \.speech) { SpeechSettings() }
    ///   .onChange(of: \.speech) { _, newValue in
    ///     Reduce { _, _ in .run { _ in try await settings.save(newValue) } }
    ///   }
    /// ```
    public consuming func onChange<Value: Equatable, Changed: Reducer>(
        of toValue: @escaping (State) -> Value,
        @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: Value, _ newValue: Value) -> Changed
    ) -> OnChangeReducer<Self, Value, Changed> {
        OnChangeReducer(base: self, toValue: toValue, reducer: reducer)
    }
}

/// The reducer `onChange(of:_:)` builds.
public struct OnChangeReducer<Base: Reducer, Value: Equatable, Changed: Reducer>: Reducer
where Changed.State == Base.State, Changed.Action == Base.Action {
    let base: Base
    let toValue: (Base.State) -> Value
    let reducer: (Value, Value) -> Changed

    init(base: Base, toValue: @escaping (Base.State) -> Value, reducer: @escaping (Value, Value) -> Changed) {
        self.base = base
        self.toValue = toValue
        self.reducer = reducer
    }

    public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
        let oldValue = toValue(state)
        let effect = base.reduce(into: &state, action: action)
        let newValue = toValue(state)
        guard oldValue != newValue else { return effect }
        return effect.merge(with: reducer(oldValue, newValue).reduce(into: &state, action: action))
    }
}
