/// Groups reducers written in a builder into one, so a modifier applies to all of them.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.speech, action: \.speech) { SpeechSettings() }
///   Reduce { state, action in .none }
/// }
/// .onChange(of: \.speech) { _, _ in Reduce { _, _ in .none } }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
    @usableFromInline let reducers: Reducers

    @inlinable
    public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
        self.reducers = build()
    }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        reducers.reduce(into: &state, action: action)
    }

    /// Makes the reducers once, not on every action: see `Reducer._makeReduce()`.
    @inlinable
    public func _makeReduce() -> (inout State, Action) -> Effect<Action> {
        reducers._makeReduce()
    }
}
