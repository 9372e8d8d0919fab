/// Where an action came from, for the test store.
package enum ActionOrigin: Sendable {
    /// Sent by the caller of `send`.
    case caller
    /// Sent by an effect, at once (`.send`) or from asynchronous work.
    case effect
}

/// The engine behind a root `Store` and a `TestStore`: holds the state, reduces actions
/// under the store's dependencies, runs the operations of the effects they return, starts
/// the tasks those ask for, and tells observers.
@MainActor
package final class StoreCore<State, Action: Sendable> {
    package private(set) var state: State
    package var dependencies: DependencyValues
    /// Called after each action is reduced, with the state it left.
    package var didReduce: ((Action, ActionOrigin, State) -> Void)?
    /// Called when the number of running tasks changes, with the new number.
    package var runningEffectCountDidChange: ((Int) -> Void)?

    private let reducer: (inout State, Action) -> Effect<Action>
    private var observers: [Int: (State) -> Void] = [:]
    private var nextObserver = 0
    /// Actions waiting to be reduced, each with the effects of the send it belongs to.
    private var queue: [(action: Action, origin: ActionOrigin, family: EffectFamily)] = []
    private var isSending = false
    private var running: [ObjectIdentifier: RunningEffect] = [:]
    private let cancellations = CancellationRegistry()

    package init<R: Reducer>(initialState: State, reducer: R, dependencies: DependencyValues)
    where R.State == State, R.Action == Action {
        self.state = initialState
        self.reducer = reducer.reduce(into:action:)
        self.dependencies = dependencies
    }

    isolated deinit {
        cancelAllEffects()
    }

    /// How many tasks started for effects are still running.
    package var runningEffectCount: Int { running.count }

    /// Reduces `action`, then every action its effects send at once, then tells observers.
    /// Returns the tasks started for it, which grow by those of the actions they send back:
    /// nil when none started.
    package func send(_ action: Action, origin: ActionOrigin) -> EffectFamily? {
        guard !isSending else {
            let family = EffectFamily()
            queue.append((action, origin, family))
            return family
        }
        var family: EffectFamily?
        reducing { reduce(action, origin: origin, family: &family) }
        return family.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Runs `first`, reduces the queued actions, then tells the observers the state; what
    /// they send is reduced after all of them have seen it, and then they see the new state.
    private func reducing(_ first: () -> Void = {}) {
        isSending = true
        DependencyValues.$ofTask.withValue(dependencies) {
            first()
            reduceQueue()
        }
        while !observers.isEmpty {
            for observer in observers.values { observer(state) }
            if queue.isEmpty { break }
            DependencyValues.$ofTask.withValue(dependencies) { reduceQueue() }
        }
        isSending = false
    }

    /// Reduces `action` and runs its effect; the family of the send is made when the effect
    /// is there to join it.
    private func reduce(_ action: Action, origin: ActionOrigin, family: inout EffectFamily?) {
        let effect = reducer(&state, action)
        didReduce?(action, origin, state)
        guard effect.operation != nil else {
            // Only cancels (what `.ifLet` returns on every action): it starts nothing, so no
            // family and no runner are made for it.
            effect.cancellation?(cancellations, EffectPath())
            return
        }
        if family == nil { family = EffectFamily() }
        effect.run(with: runner(for: family!))
    }

    /// Reduces the queued actions in order, those queued meanwhile included.
    private func reduceQueue() {
        while !queue.isEmpty {
            let next = queue.removeFirst()
            var family: EffectFamily? = next.family
            reduce(next.action, origin: next.origin, family: &family)
        }
    }

    /// How the effects of one send reach this store: holding it weakly, so that a running
    /// effect never keeps its store alive.
    private func runner(for family: EffectFamily) -> EffectRunner<Action> {
        EffectRunner(
            send: { [weak self] action in
                guard let self else { return }
                queue.append((action, .effect, family))
                if !isSending { reducing() }
            },
            start: { [weak self] priority, work in self?.startTask(priority, work, family: family) },
            cancellations: cancellations, path: EffectPath())
    }

    private func startTask(
        _ priority: TaskPriority?, _ work: @escaping EffectRunner<Action>.Work, family: EffectFamily
    ) -> RunningEffect {
        let effect = RunningEffect()
        let runner = runner(for: family)
        effect.task = Task(priority: priority) { @MainActor [weak self] in
            let begins = !Task.isCancelled
            if begins { await DismissEffect.withoutInheritedPresentation { await work(runner) } }
            effect.end()
            self?.ended(effect, began: begins)
            family.taskEnded()
        }
        running[ObjectIdentifier(effect)] = effect
        family.add(effect.task!)
        runningEffectCountDidChange?(running.count)
        return effect
    }

    private func ended(_ effect: RunningEffect, began: Bool) {
        running[ObjectIdentifier(effect)] = nil
        // A test clock waits for woken work to sleep again or end.
        if began, let observer = dependencies.clock as? any EffectEndObserver { observer.effectEnded() }
        runningEffectCountDidChange?(running.count)
    }

    /// Runs `operation`; an action sent meanwhile is reduced when it returns.
    package func holdingSends(_ operation: () -> Void) {
        let wasSending = isSending
        isSending = true
        operation()
        isSending = wasSending
        if !isSending && !queue.isEmpty { reducing() }
    }

    /// Calls `observer` with the state now and after every change; returns a token for
    /// `removeObserver`.
    package func addObserver(_ observer: @escaping (State) -> Void) -> Int {
        nextObserver += 1
        observers[nextObserver] = observer
        observer(state)
        return nextObserver
    }

    package func removeObserver(_ token: Int) {
        observers[token] = nil
    }

    /// Cancels every running task.
    package func cancelAllEffects() {
        for effect in running.values { effect.cancel() }
    }
}

/// A clock that wants to hear when an effect of a store sleeping on it has ended: how
/// `TestClock` learns that woken work has finished without waiting on real time.
package protocol EffectEndObserver: Sendable {
    /// Called on the main actor each time an effect of a store using this clock ends.
    func effectEnded()
}
