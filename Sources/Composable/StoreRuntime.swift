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
    /// The running effects, by token.
    private var running: [Int: Task<Void, Never>] = [:]
    /// The tokens of the running effects made cancellable with each id, and back.
    private var cancellables: [EffectID: Set<Int>] = [:]
    private var cancellableIDs: [Int: [EffectID]] = [:]
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
    /// Returns a task that ends when the asynchronous effects started here have ended, and
    /// the effects of the actions those send back, and so on.
    package func send(_ action: Action, origin: ActionOrigin) -> Task<Void, Never>? {
        send(action, origin: origin, joining: nil)
    }

    private func send(_ action: Action, origin: ActionOrigin, joining family: EffectFamily?) -> Task<Void, Never>? {
        queue.append((action, origin))
        // An observer or a synchronous effect sending while we reduce joins the queue.
        guard !isSending else { return nil }
        let family = family ?? EffectFamily()
        let startedBefore = family.tasks.count
        drainQueue(into: family)
        guard family.tasks.count > startedBefore else { return nil }
        return Task {
            await withTaskCancellationHandler {
                // Effects can add to the family while we wait: wait until none is left.
                var index = startedBefore
                while index < family.tasks.count {
                    await family.tasks[index].value
                    index += 1
                }
            } onCancel: {
                Task { @MainActor in family.cancelAll() }
            }
        }
    }

    /// Reduces every queued action in order, starting their effects into `family`, then tells
    /// the observers; actions observers send are reduced after every observer has seen the
    /// state, so each sees each state once, in order.
    private func drainQueue(into family: EffectFamily) {
        isSending = true
        repeat {
            var index = 0
            while index < queue.count {
                let (next, nextOrigin) = queue[index]
                index += 1
                DependencyValues.$current.withValue(dependencies) {
                    let effect = reducer(&state, next)
                    didReduce?(next, nextOrigin, state)
                    start(effect, in: family)
                }
            }
            queue.removeAll(keepingCapacity: true)
            for observer in observers.values { observer(state) }
        } while !queue.isEmpty
        isSending = false
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

    /// Starts `effect`, adding its tasks to `family`; returns their tokens.
    @discardableResult
    private func start(_ effect: Effect<Action>, in family: EffectFamily) -> [Int] {
        switch effect.operation {
        case .none:
            return []
        case let .send(action):
            queue.append((action, .effect))
            // Outside a send (a step of a concatenation), nothing else would reduce it.
            if !isSending { drainQueue(into: family) }
            return []
        case let .run(priority, body):
            let send = Send<Action> { [weak self] action in
                _ = self?.send(action, origin: .effect, joining: family)
            }
            return [launch(priority: priority, in: family) { await body(send) }]
        case let .merge(effects):
            return effects.flatMap { start($0, in: family) }
        case let .concatenate(effects):
            return [launch(priority: nil, in: family) { [weak self] in
                for effect in effects {
                    guard !Task.isCancelled, let self else { return }
                    let steps = EffectFamily()
                    self.start(effect, in: steps)
                    await withTaskCancellationHandler {
                        for task in steps.tasks { await task.value }
                    } onCancel: {
                        Task { @MainActor in steps.cancelAll() }
                    }
                }
            }]
        case let .cancellable(id, cancelInFlight, effect):
            if cancelInFlight { cancel(id: id) }
            let tokens = start(effect, in: family)
            for token in tokens {
                cancellables[id, default: []].insert(token)
                cancellableIDs[token, default: []].append(id)
            }
            return tokens
        case let .cancel(id):
            cancel(id: id)
            return []
        }
    }

    /// Runs `work` as a tracked effect task: counted as running until it ends, then forgotten.
    private func launch(
        priority: TaskPriority?, in family: EffectFamily,
        _ work: @escaping @MainActor @Sendable () async -> Void
    ) -> Int {
        let token = makeToken()
        // The task runs on the main actor, so it cannot end before it is registered below.
        let task = Task(priority: priority) { @MainActor [weak self] in
            await work()
            self?.finished(token)
        }
        running[token] = task
        family.tasks.append(task)
        runningEffectCountDidChange?(running.count)
        return token
    }

    private func finished(_ token: Int) {
        running[token] = nil
        for id in cancellableIDs.removeValue(forKey: token) ?? [] {
            cancellables[id]?.remove(token)
            if cancellables[id]?.isEmpty == true { cancellables[id] = nil }
        }
        runningEffectCountDidChange?(running.count)
    }

    private func cancel(id: EffectID) {
        guard let tokens = cancellables[id] else { return }
        for token in tokens { running[token]?.cancel() }
    }
}

/// The tasks started by one `send` and by the actions its effects send back, so that the
/// caller can wait for all of them.
@MainActor
private final class EffectFamily {
    var tasks: [Task<Void, Never>] = []

    func cancelAll() {
        for task in tasks { task.cancel() }
    }
}
