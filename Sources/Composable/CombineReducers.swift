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
    let reducers: Reducers

    public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
        self.reducers = build()
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        reducers.reduce(into: &state, action: action)
    }
}
