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

    /// The function a store calls for each action. For a reducer with a `body`, it is the
    /// body's, built once rather than on every action (building a tree of scopes, key paths
    /// and closures costs more than running it); the reducers that run others (`Scope`,
    /// `ifLet`, `forEach`, `persisting`, builder blocks, `dependency`) make theirs once in
    /// turn, so a child feature's body is not rebuilt for each action either. A store asks
    /// for it when it starts, inside its dependencies, and again when they change. A reducer
    /// with a `body` therefore does not also implement `reduce(into:action:)`.
    func _makeReduce() -> (inout State, Action) -> Effect<Action>

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

extension Reducer {
    /// Calls `reduce(into:action:)`.
    @inlinable
    public func _makeReduce() -> (inout State, Action) -> Effect<Action> {
        { self.reduce(into: &$0, action: $1) }
    }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
    /// Runs the body.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        body.reduce(into: &state, action: action)
    }

    /// The body's, built once.
    @inlinable
    public func _makeReduce() -> (inout State, Action) -> Effect<Action> {
        body._makeReduce()
    }
}
