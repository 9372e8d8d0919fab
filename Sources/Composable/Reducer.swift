/// A description of how a feature's state changes when an action arrives, and which
/// effects run afterwards.
///
/// Conform by writing either `reduce(into:action:)` or a `body` built from other reducers:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action: Equatable { case incrementTapped }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
    /// The feature's state.
    associatedtype State
    /// Everything that can happen to the feature.
    associatedtype Action
    /// The reducer this one is built from; `Never` when `reduce(into:action:)` is written directly.
    associatedtype Body

    /// Evolves `state` for `action` and returns the work to do afterwards.
    func reduce(into state: inout State, action: Action) -> Effect<Action>

    /// This reducer, composed from others, top to bottom.
    @ReducerBuilder<State, Action>
    var body: Body { get }
}

/// A reducer with the same state and action as `R`; reads well in `body` declarations:
/// `var body: some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
    /// A reducer that writes `reduce(into:action:)` has no body; asking for it is a programming error.
    public var body: Body {
        fatalError("'\(Self.self)' implements reduce(into:action:) and has no body.")
    }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
    /// Runs the body.
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        body.reduce(into: &state, action: action)
    }
}
