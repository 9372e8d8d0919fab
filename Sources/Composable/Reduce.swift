/// A reducer written as a closure, for the logic of a feature itself.
///
/// ```swift
/// Reduce { state, action in
///   switch action {
///   case .incrementTapped: state.count += 1; return .none
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
    let reducer: (inout State, Action) -> Effect<Action>

    public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
        self.reducer = reduce
    }

    /// Wraps any reducer of the same state and action, erasing its type.
    public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
        self.reducer = reducer.reduce(into:action:)
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        reducer(&state, action)
    }
}
