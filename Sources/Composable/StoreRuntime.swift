import Synchronization

/// Where an action came from, for the test store.
@usableFromInline
package enum ActionOrigin: Sendable {
    /// Sent by the caller of `send`.
    case caller
    /// Sent by an effect, at once (`.send`) or from asynchronous work.
    case effect
}

/// The engine behind a root `Store` and a `TestStore`: owns the state, runs the reducer
/// under the store's dependencies, starts and tracks effects, and tells observers.
@MainActor
@usableFromInline
package final class StoreRuntime<State, Action: Sendable> {
    // The properties a send touches are not checked for exclusive access at run time (a
    // thread-local lookup on every access, a tenth of a small send): the runtime is confined to
    // the main actor, and nothing it calls can reach them while it changes one. A reducer gets
    // the state `inout` and has no way back to the runtime; observers, `didReduce` and effects
    // get copies, and their sends only join the queue.
    @exclusivity(unchecked) @usableFromInline package internal(set) var state: State
    @exclusivity(unchecked) @usableFromInline package var dependencies: DependencyValues {
        // A body may capture dependencies as it is built (`[client] in`): build it again.
        didSet {
            reducer = DependencyValues.with(dependencies) { makeReducer() }
            clockObserver = .notLookedUp
        }
    }
    /// The store's clock as an `EffectEndObserver`, looked up when the first effect ends: the
    /// cast, to a protocol existential, costs more than the rest of ending an effect.
    var clockObserver = ClockObserver.notLookedUp
    /// Called after each action is reduced, with the state it left.
    @exclusivity(unchecked) @usableFromInline package var didReduce: ((Action, ActionOrigin, State) -> Void)?
    /// Called when the number of running effects changes, with the new number.
    @usableFromInline package var runningEffectCountDidChange: ((Int) -> Void)?

    @exclusivity(unchecked) @usableFromInline var reducer: (inout State, Action) -> Effect<Action>
    @usableFromInline let makeReducer: () -> (inout State, Action) -> Effect<Action>
    @exclusivity(unchecked) @usableFromInline var observers: [Int: (State) -> Void] = [:]
    /// The running effects, by token.
    @usableFromInline var running: [Int: EffectLifetime] = [:]
    /// The tokens of the running effects made cancellable with each id, and back.
    @usableFromInline var cancellables: [EffectID: Set<Int>] = [:]
    @usableFromInline var cancellableIDs: [Int: [EffectID]] = [:]
    @usableFromInline var nextToken = 0
    @exclusivity(unchecked) @usableFromInline var queue: [(Action, ActionOrigin)] = []
    @exclusivity(unchecked) @usableFromInline var isSending = false

    @inlinable
    package init<R: Reducer>(initialState: State, reducer: R, dependencies: DependencyValues)
    where R.State == State, R.Action == Action {
        self.state = initialState
        self.makeReducer = { reducer._makeReduce() }
        self.reducer = DependencyValues.with(dependencies) { reducer._makeReduce() }
        self.dependencies = dependencies
    }

    isolated deinit {
        for effect in running.values { effect.cancel() }
    }

    /// How many effects are still running.
    @inlinable
    package var runningEffectCount: Int { running.count }

    /// Reduces `action`, then every action its effects send at once, then tells observers.
    /// Returns the asynchronous effects started here, which grow by the effects of the
    /// actions those send back, and so on: nil when none started.
    @inlinable
    package func send(_ action: Action, origin: ActionOrigin) -> StartedEffects? {
        send(action, origin: origin, joining: nil)
    }

    @inlinable
    func send(_ action: Action, origin: ActionOrigin, joining existing: EffectFamily?) -> StartedEffects? {
        // An observer or a synchronous effect sending while we reduce joins the queue.
        guard !isSending else {
            queue.append((action, origin))
            return nil
        }
        // Made only when an effect starts: a send with no effects allocates nothing here.
        var family = existing
        let startedBefore = existing?.effects.count ?? 0
        drainQueue(startingWith: (action, origin), into: &family)
        guard let family, family.effects.count > startedBefore else { return nil }
        // No task waits for them until someone asks: most sends' effects are never awaited,
        // and a task costs as much as reducing an action through the whole tree.
        return StartedEffects(family: family, from: startedBefore)
    }

    /// Reduces `first`, then every queued action in order, starting their effects into
    /// `family`, then tells the observers; actions observers send are reduced after every
    /// observer has seen the state, so each sees each state once, in order.
    @inlinable
    func drainQueue(startingWith first: (Action, ActionOrigin)? = nil, into family: inout EffectFamily?) {
        isSending = true
        // The caller's action is reduced without passing through the queue: most sends queue
        // nothing, and emptying the queue destroys its elements through generic value witnesses.
        var first = first
        repeat {
            // One dependency scope for all the queued actions, not one each.
            DependencyValues.with(dependencies) {
                if let (action, origin) = first {
                    first = nil
                    reduce(action, origin: origin, into: &family)
                }
                var index = 0
                while index < queue.count {
                    let (next, nextOrigin) = queue[index]
                    index += 1
                    reduce(next, origin: nextOrigin, into: &family)
                }
            }
            if !queue.isEmpty { queue.removeAll(keepingCapacity: true) }
            for observer in observers.values { observer(state) }
        } while !queue.isEmpty
        isSending = false
    }

    @inlinable
    func reduce(_ action: Action, origin: ActionOrigin, into family: inout EffectFamily?) {
        let effect = reducer(&state, action)
        didReduce?(action, origin, state)
        if !effect.isNone { start(effect, in: &family) }
    }

    /// Calls `observer` after every change, and once now. Returns a token for `removeObserver`.
    @inlinable
    package func addObserver(_ observer: @escaping (State) -> Void) -> Int {
        let token = makeToken()
        observers[token] = observer
        observer(state)
        return token
    }

    @inlinable
    package func removeObserver(_ token: Int) {
        observers[token] = nil
    }

    /// Cancels every running effect.
    @inlinable
    package func cancelAllEffects() {
        for effect in running.values { effect.cancel() }
    }

    @inlinable
    func makeToken() -> Int {
        nextToken += 1
        return nextToken
    }

    /// Starts `effect`, adding its tasks to `family`; returns their tokens. Work started as a
    /// step of a concatenation has that concatenation as `parent`, and ends with it.
    @inlinable
    @discardableResult
    func start(_ effect: Effect<Action>, in family: inout EffectFamily?, parent: EffectLifetime? = nil) -> [Int] {
        switch effect.operation {
        case .none:
            return []
        case let .send(action):
            queue.append((action, .effect))
            // Outside a send (a step of a concatenation), nothing else would reduce it.
            if !isSending { drainQueue(into: &family) }
            return []
        case let .run(priority, body):
            let joined = family ?? EffectFamily()
            family = joined
            // Weak in both closures: a running effect must not keep its store alive, or the
            // store's deinit, which cancels its effects, would never come.
            return [launch(priority: priority, in: joined, parent: parent) { [weak self] lifetime in
                let send = Send<Action> { [weak self] action in
                    // Checked here, on the main actor, where cancelling happens: once an effect
                    // has been cancelled, nothing it sends is reduced, whatever it was doing.
                    guard lifetime.isActive else { return }
                    _ = self?.send(action, origin: .effect, joining: joined)
                }
                await body(send)
            }]
        case let .merge(effects):
            var tokens: [Int] = []
            for effect in effects { tokens += start(effect, in: &family, parent: parent) }
            return tokens
        case let .concatenate(effects):
            let joined = family ?? EffectFamily()
            family = joined
            return [launch(priority: nil, in: joined, parent: parent) { [weak self] lifetime in
                for effect in effects {
                    let steps: [Task<Void, Never>]
                    do {
                        // The store is held only while a step starts, not while it runs.
                        guard lifetime.isActive, let runtime = self else { return }
                        // The steps join the send's family, so that `finish()` also waits for the
                        // effects of the actions they send; the concatenation waits for the step only.
                        var stepFamily: EffectFamily? = joined
                        let tokens = runtime.start(effect, in: &stepFamily, parent: lifetime)
                        steps = tokens.compactMap { runtime.running[$0]?.task }
                    }
                    for step in steps { await step.value }
                }
            }]
        case let .cancellable(id, cancelInFlight, effect):
            if cancelInFlight { cancel(id: id) }
            let tokens = start(effect, in: &family, parent: parent)
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
    @inlinable
    func launch(
        priority: TaskPriority?, in family: EffectFamily, parent: EffectLifetime?,
        _ work: @escaping @MainActor @Sendable (EffectLifetime) async -> Void
    ) -> Int {
        let token = makeToken()
        let lifetime = EffectLifetime(parent: parent)
        // The task runs on the main actor, so it cannot end before it is registered below.
        lifetime.task = Task(priority: priority) { @MainActor [weak self] in
            await work(lifetime)
            self?.finished(token)
        }
        if let parent {
            parent.children.append(lifetime)
            if !parent.isActive { lifetime.cancel() }
        }
        running[token] = lifetime
        family.effects.append(lifetime)
        runningEffectCountDidChange?(running.count)
        return token
    }

    @usableFromInline
    func finished(_ token: Int) {
        if case .notLookedUp = clockObserver {
            clockObserver = (dependencies.clock as? any EffectEndObserver).map(ClockObserver.observer) ?? .none
        }
        if case let .observer(observer) = clockObserver { observer.effectEnded() }
        running[token] = nil
        for id in cancellableIDs.removeValue(forKey: token) ?? [] {
            cancellables[id]?.remove(token)
            if cancellables[id]?.isEmpty == true { cancellables[id] = nil }
        }
        runningEffectCountDidChange?(running.count)
    }

    @inlinable
    func cancel(id: EffectID) {
        // Forgotten at once: an effect cancelled before its task has run (the main actor
        // busy) must not be cancelled again, and again, by every later cancel of the id.
        guard let tokens = cancellables.removeValue(forKey: id) else { return }
        for token in tokens { running[token]?.cancel() }
    }
}

/// Whether a store's clock wants to hear of effects ending.
enum ClockObserver {
    case notLookedUp
    case none
    case observer(any EffectEndObserver)
}

/// One running effect: its task, and whether it was cancelled. Cancelling happens on the main
/// actor, where effects' actions are delivered, so an action sent after `cancel()` is dropped
/// even when the effect's work had already resumed on another thread.
@MainActor
@usableFromInline
final class EffectLifetime {
    @usableFromInline var task: Task<Void, Never>?
    @usableFromInline var isCancelled = false
    /// The concatenation this effect is a step of.
    @usableFromInline let parent: EffectLifetime?
    /// The steps started under this effect, cancelled with it.
    @usableFromInline var children: [EffectLifetime] = []

    @inlinable
    init(parent: EffectLifetime?) { self.parent = parent }

    /// Neither this effect nor the concatenation it is a step of was cancelled.
    @inlinable
    var isActive: Bool {
        var current: EffectLifetime? = self
        while let effect = current {
            if effect.isCancelled { return false }
            current = effect.parent
        }
        return true
    }

    @inlinable
    func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        task?.cancel()
        for child in children { child.cancel() }
    }
}

/// The effects started by one `send` and by the actions its effects send back, so that the
/// caller can wait for all of them.
@MainActor
@usableFromInline
final class EffectFamily {
    @usableFromInline var effects: [EffectLifetime] = []

    @inlinable
    init() {}

    @inlinable
    func cancelAll() {
        for effect in effects { effect.cancel() }
    }

    /// Waits until the effects from `start` on have ended, and those that join meanwhile.
    @usableFromInline
    func waitForEffects(from start: Int) async {
        var index = start
        while index < effects.count {
            await effects[index].task?.value
            index += 1
        }
    }
}

/// The effects one `send` started, and the effects of the actions they send back: what a
/// `StoreTask` waits for or cancels.
@usableFromInline
package final class StartedEffects: Sendable {
    @usableFromInline let family: EffectFamily
    @usableFromInline let start: Int
    private let cancelled = Atomic<Bool>(false)

    @usableFromInline
    init(family: EffectFamily, from start: Int) {
        self.family = family
        self.start = start
    }

    /// Waits until the effects have ended. Cancelling the waiting task does not cancel them.
    package nonisolated(nonsending) func finish() async {
        await family.waitForEffects(from: start)
    }

    /// Cancels the effects: at once when called on the main actor (before any of them runs
    /// again), otherwise as soon as the main actor is free.
    package func cancel() {
        guard !cancelled.exchange(true, ordering: .relaxed) else { return }
        let family = family
        Task.immediate { @MainActor in family.cancelAll() }
    }

    /// Whether `cancel()` was called.
    package var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}
