/// Where an action came from, for the test store.
package enum ActionOrigin: Sendable {
    /// Sent by the caller of `send`.
    case caller
    /// Sent by an effect, at once (`.send`) or from asynchronous work.
    case effect
}

/// The engine behind a root `Store` and a `TestStore`: owns the state, runs the reducer
/// under the store's dependencies, starts and tracks effects, and tells observers.
@MainActor
package final class StoreRuntime<State, Action: Sendable> {
    package private(set) var state: State
    package var dependencies: DependencyValues
    /// Called after each action is reduced, with the state it left.
    package var didReduce: ((Action, ActionOrigin, State) -> Void)?
    /// Called when the number of running effects changes, with the new number.
    package var runningEffectCountDidChange: ((Int) -> Void)?

    private let reducer: (inout State, Action) -> Effect<Action>
    private var observers: [Int: (State) -> Void] = [:]
    private var cancellables: [EffectID: Set<Int>] = [:]
    private var running: [Int: Task<Void, Never>] = [:] {
        didSet { if running.count != oldValue.count { runningEffectCountDidChange?(running.count) } }
    }
    private var nextToken = 0
    private var queue: [(Action, ActionOrigin)] = []
    private var isSending = false

    package init<R: Reducer>(initialState: State, reducer: R, dependencies: DependencyValues)
    where R.State == State, R.Action == Action {
        self.state = initialState
        self.reducer = reducer.reduce(into:action:)
        self.dependencies = dependencies
    }

    isolated deinit {
        for task in running.values { task.cancel() }
    }

    /// How many effects are still running.
    package var runningEffectCount: Int { running.count }

    /// Reduces `action`, then every action its effects send at once, then tells observers.
    /// Returns a task that ends when the asynchronous effects started here have ended.
    package func send(_ action: Action, origin: ActionOrigin) -> Task<Void, Never>? {
        queue.append((action, origin))
        // An observer or a synchronous effect sending while we reduce joins the queue.
        guard !isSending else { return nil }
        isSending = true
        var started: [Task<Void, Never>] = []
        var index = 0
        while index < queue.count {
            let (next, nextOrigin) = queue[index]
            index += 1
            let effect = DependencyValues.$current.withValue(dependencies) {
                reducer(&state, next)
            }
            didReduce?(next, nextOrigin, state)
            DependencyValues.$current.withValue(dependencies) {
                start(effect, into: &started)
            }
        }
        queue.removeAll(keepingCapacity: true)
        isSending = false
        for observer in observers.values { observer(state) }

        guard !started.isEmpty else { return nil }
        if started.count == 1 { return started[0] }
        let all = started
        return Task {
            await withTaskCancellationHandler {
                for task in all { await task.value }
            } onCancel: {
                for task in all { task.cancel() }
            }
        }
    }

    /// Calls `observer` after every change, and once now. Returns a token for `removeObserver`.
    package func addObserver(_ observer: @escaping (State) -> Void) -> Int {
        let token = makeToken()
        observers[token] = observer
        observer(state)
        return token
    }

    package func removeObserver(_ token: Int) {
        observers[token] = nil
    }

    /// Cancels every running effect.
    package func cancelAllEffects() {
        for task in running.values { task.cancel() }
    }

    private func makeToken() -> Int {
        nextToken += 1
        return nextToken
    }

    private func start(_ effect: Effect<Action>, into started: inout [Task<Void, Never>]) {
        switch effect.operation {
        case .none:
            break
        case let .send(action):
            queue.append((action, .effect))
        case let .run(priority, body):
            let send = Send<Action> { [weak self] action in
                _ = self?.send(action, origin: .effect)
            }
            started.append(track(Task(priority: priority) { await body(send) }))
        case let .merge(effects):
            for effect in effects { start(effect, into: &started) }
        case let .concatenate(effects):
            started.append(track(Task { [weak self] in
                for effect in effects {
                    guard !Task.isCancelled, let self else { return }
                    var inner: [Task<Void, Never>] = []
                    DependencyValues.$current.withValue(self.dependencies) {
                        self.start(effect, into: &inner)
                    }
                    let tasks = inner
                    await withTaskCancellationHandler {
                        for task in tasks { await task.value }
                    } onCancel: {
                        for task in tasks { task.cancel() }
                    }
                }
            }))
        case let .cancellable(id, cancelInFlight, effect):
            if cancelInFlight { cancel(id: id) }
            var inner: [Task<Void, Never>] = []
            start(effect, into: &inner)
            for task in inner {
                let token = makeToken()
                cancellables[id, default: []].insert(token)
                started.append(track(Task { [weak self] in
                    await withTaskCancellationHandler {
                        await task.value
                    } onCancel: {
                        task.cancel()
                    }
                    self?.cancellables[id]?.remove(token)
                    if self?.cancellables[id]?.isEmpty == true { self?.cancellables[id] = nil }
                }, token: token))
            }
        case let .cancel(id):
            cancel(id: id)
        }
    }

    private func cancel(id: EffectID) {
        guard let tokens = cancellables.removeValue(forKey: id) else { return }
        for token in tokens { running[token]?.cancel() }
    }

    /// Records `task` as running until it ends.
    private func track(_ task: Task<Void, Never>, token: Int? = nil) -> Task<Void, Never> {
        let token = token ?? makeToken()
        running[token] = task
        Task { [weak self] in
            await task.value
            self?.running[token] = nil
        }
        return task
    }
}
