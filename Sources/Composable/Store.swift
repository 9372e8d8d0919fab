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
    @usableFromInline let readState: @MainActor () -> State
    @usableFromInline let sendAction: @MainActor (Action) -> StoreTask
    @usableFromInline let observe: @MainActor (@escaping (State) -> Void) -> ObservationToken
    /// Runs an operation with the root store's sends held until it returns (`withState`).
    @usableFromInline let holdSends: @MainActor (() -> Void) -> Void
    /// A root store's runtime, which `send` and `state` use directly: through the closures,
    /// each call also retained and released the closure's context.
    @usableFromInline let root: StoreRuntime<State, Action>?

    /// A store for `reducer` starting at `initialState`, with dependencies changed by
    /// `prepareDependencies`.
    @inlinable
    public convenience init<R: Reducer>(
        initialState: State,
        @ReducerBuilder<State, Action> reducer: () -> R,
        withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
    ) where R.State == State, R.Action == Action {
        var dependencies = DependencyValues.current.resolvingAnew()
        prepareDependencies(&dependencies)
        let runtime = StoreRuntime(initialState: initialState, reducer: reducer(), dependencies: dependencies)
        self.init(
            root: runtime,
            readState: { runtime.state },
            sendAction: { StoreTask(runtime.send($0, origin: .caller)) },
            holdSends: { runtime.holdingSends($0) },
            observe: { observer in
                let token = runtime.addObserver(observer)
                // Through the handle: a weak reference would slow every retain of the runtime.
                let handle = runtime.handle
                return ObservationToken { handle.runtime?.removeObserver(token) }
            })
    }

    @usableFromInline
    init(
        root: StoreRuntime<State, Action>? = nil,
        readState: @escaping @MainActor () -> State,
        sendAction: @escaping @MainActor (Action) -> StoreTask,
        holdSends: @escaping @MainActor (() -> Void) -> Void,
        observe: @escaping @MainActor (@escaping (State) -> Void) -> ObservationToken
    ) {
        self.root = root
        self.readState = readState
        self.sendAction = sendAction
        self.holdSends = holdSends
        self.observe = observe
    }

    // Whatever thread the store goes on, its effects stop reaching its runtime now, not
    // when the runtime's deinit gets the main actor (see `RuntimeHandle`).
    deinit {
        root?.handle.close()
    }

    /// The current state.
    @inlinable
    public var state: State {
        if let root { return root.state }
        return readState()
    }

    /// Reads the current state in place, without copying all of it: what `body` returns is
    /// all that is copied. How a front end reads a few values of a large state, action after
    /// action.
    ///
    /// ```swift
    /// let answer = store.withState { $0.quiz?.question.answer }
    /// ```
    ///
    /// An action sent while `body` runs, through this store or any other scoped from the same
    /// root, is reduced when it has returned; the task that send returns does not wait for
    /// its effects. (A scoped store reads a copy of its part: only a root store reads in place.)
    @inlinable
    public func withState<R>(_ body: (borrowing State) -> R) -> R {
        if let root { return root.withState(body) }
        var result: R?
        holdSends { result = body(readState()) }
        return result!
    }

    /// Reads one value of the current state: `store.quiz.question`.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        readState()[keyPath: keyPath]
    }

    /// Sends `action`; the returned task ends when the effects it started have ended.
    @inlinable
    @discardableResult
    public func send(_ action: Action) -> StoreTask {
        if let root { return StoreTask(root.send(action, origin: .caller)) }
        return sendAction(action)
    }

    /// Calls `observer` with the state now and after every action. Observing stops when the
    /// returned token is cancelled or released.
    public func observe(_ observer: @escaping (State) -> Void) -> ObservationToken {
        observe(observer)
    }

    /// Calls `observer` with one value read from the state, now and whenever it changes; an
    /// action that leaves it equal is not reported. How a front end redraws only what changed.
    ///
    /// ```swift
    /// let token = store.observe(\.quiz?.progress) { progress in print(progress ?? "") }
    /// ```
    public func observe<Value: Equatable>(
        _ toValue: @escaping (State) -> Value, _ observer: @escaping (Value) -> Void
    ) -> ObservationToken {
        var last: Value?
        return observe { state in
            let value = toValue(state)
            if let last, last == value { return }
            last = value
            observer(value)
        }
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
            observe: { observer in self.observe { observer($0[keyPath: toChildState]) } })
    }

    /// `scope` with a key path into the action's `allCasePaths`: `store.scope(state: \.speech, action: \.speech)`.
    public func scope<ChildState, ChildAction>(
        state toChildState: KeyPath<State, ChildState>,
        action toChildAction: CaseKeyPath<Action, ChildAction>
    ) -> Store<ChildState, ChildAction> where Action: CasePathable {
        scope(state: toChildState, action: Action.casePath(toChildAction))
    }
}

extension Store where State: Sendable {
    /// The states, now and after every action, as an async sequence. It ends when the store
    /// has gone, or when observing stops (the iterating task is cancelled).
    public var states: AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .bufferingNewest(1))
        // The observer holds the end of the stream: a store that goes lets go of its
        // observers, and so ends the stream, where a `for await` over it used to wait forever.
        let end = StreamEnd(continuation)
        let token = observe { end.continuation.yield($0) }
        continuation.onTermination = { _ in Task { @MainActor in token.cancel() } }
        return stream
    }
}

/// Finishes a stream when the last reference to it goes.
private final class StreamEnd<Element: Sendable>: Sendable {
    let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) { self.continuation = continuation }

    deinit { continuation.finish() }
}
