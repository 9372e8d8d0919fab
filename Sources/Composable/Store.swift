/// Runs a feature: holds its state, sends actions through its reducer, runs the effects,
/// and tells a front end when state changes.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// await store.send(.incrementTapped).finish()
/// print(store.state.count)
/// ```
@MainActor
@dynamicMemberLookup
public final class Store<State, Action: Sendable> {
    private let readState: @MainActor () -> State
    private let sendAction: @MainActor (Action) -> StoreTask
    private let observeState: @MainActor (@escaping (State) -> Void) -> ObservationToken
    /// Runs an operation with the root store's sends held until it returns (`withState`).
    private let holdSends: @MainActor (() -> Void) -> Void

    /// A store for `reducer` starting at `initialState`, with dependencies changed by
    /// `prepareDependencies`.
    public convenience init<R: Reducer>(
        initialState: State,
        @ReducerBuilder<State, Action> reducer: () -> R,
        withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
    ) where R.State == State, R.Action == Action {
        var dependencies = DependencyValues.current.resolvingAnew()
        prepareDependencies(&dependencies)
        let core = StoreCore(initialState: initialState, reducer: reducer(), dependencies: dependencies)
        self.init(
            readState: { core.state },
            sendAction: { StoreTask(family: core.send($0, origin: .caller)) },
            holdSends: { core.holdingSends($0) },
            observe: { [weak core] observer in
                guard let token = core?.addObserver(observer) else { return ObservationToken {} }
                return ObservationToken { [weak core] in core?.removeObserver(token) }
            })
    }

    private init(
        readState: @escaping @MainActor () -> State,
        sendAction: @escaping @MainActor (Action) -> StoreTask,
        holdSends: @escaping @MainActor (() -> Void) -> Void,
        observe: @escaping @MainActor (@escaping (State) -> Void) -> ObservationToken
    ) {
        self.readState = readState
        self.sendAction = sendAction
        self.holdSends = holdSends
        self.observeState = observe
    }

    /// The current state.
    public var state: State { readState() }

    /// Reads the current state and returns what `body` makes of it, without a copy of the
    /// whole state: `store.withState { $0.quiz?.question.answer }`. An action sent while `body`
    /// runs, through this store or any other scoped from the same root, is reduced after it.
    public func withState<R>(_ body: (borrowing State) -> R) -> R {
        var result: R?
        holdSends { result = body(readState()) }
        return result!
    }

    /// Reads one value of the current state: `store.quiz.question`.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        readState()[keyPath: keyPath]
    }

    /// Sends `action`; the returned task ends when the effects it started have ended.
    @discardableResult
    public func send(_ action: Action) -> StoreTask {
        sendAction(action)
    }

    /// Calls `observer` with the state now and after every action. Observing stops when the
    /// returned token is cancelled or released.
    public func observe(_ observer: @escaping (State) -> Void) -> ObservationToken {
        observeState(observer)
    }

    /// A store for a child feature: it reads the child's part of this store's state and
    /// sends its actions through this store, embedded by `action`.
    public func scope<ChildState, ChildAction>(
        state toChildState: KeyPath<State, ChildState>,
        action toChildAction: CasePath<Action, ChildAction>
    ) -> Store<ChildState, ChildAction> {
        Store<ChildState, ChildAction>(
            readState: { self.readState()[keyPath: toChildState] },
            sendAction: { self.sendAction(toChildAction.embed($0)) },
            holdSends: { self.holdSends($0) },
            observe: { observer in self.observeState { observer($0[keyPath: toChildState]) } })
    }

    /// `scope` with a key path into the action's `allCasePaths`: `store.scope(state: \.speech, action: \.speech)`.
    public func scope<ChildState, ChildAction>(
        state toChildState: KeyPath<State, ChildState>,
        action toChildAction: CaseKeyPath<Action, ChildAction>
    ) -> Store<ChildState, ChildAction> where Action: CasePathable {
        scope(state: toChildState, action: Action.casePath(toChildAction))
    }
}
