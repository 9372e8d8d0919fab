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
            // Set while a send reduces (a reducer, or a client it calls, can hold the test
            // store): the values the send entered stay alive until it ends.
            if isSending { retiredDependencies.append(oldValue) }
            dependencyScope = dependencies.unretained
            reducer = DependencyValues.with(dependencies) { makeReducer() }
            clockObserver = .notLookedUp
        }
    }
    /// `dependencies` as the scope a send reduces in, unretained: `dependencies` holds them,
    /// or, when they were replaced during the send, `retiredDependencies` until it ends.
    @exclusivity(unchecked) @usableFromInline var dependencyScope: UnsafeMutableRawPointer
    /// Values replaced while a send was reducing, kept until it ends.
    @exclusivity(unchecked) @usableFromInline var retiredDependencies: [DependencyValues] = []
    /// The store's clock as an `EffectEndObserver`, looked up when the first effect ends: the
    /// cast, to a protocol existential, costs more than the rest of ending an effect.
    @exclusivity(unchecked) var clockObserver = ClockObserver.notLookedUp
    /// Called after each action is reduced, with the state it left.
    @exclusivity(unchecked) @usableFromInline package var didReduce: ((Action, ActionOrigin, State) -> Void)?
    /// Called when the number of running effects changes, with the new number.
    @exclusivity(unchecked) @usableFromInline package var runningEffectCountDidChange: ((Int) -> Void)?

    @exclusivity(unchecked) @usableFromInline var reducer: (inout State, Action) -> Effect<Action>
    @usableFromInline let makeReducer: () -> (inout State, Action) -> Effect<Action>
    @exclusivity(unchecked) @usableFromInline var observers: [Int: (State) -> Void] = [:]
    /// The running effects, by token.
    @exclusivity(unchecked) @usableFromInline var running: [EffectToken: EffectLifetime] = [:]
    /// The tokens of the running effects made cancellable with each id.
    @exclusivity(unchecked) @usableFromInline var cancellables: [EffectID: EffectTokens] = [:]
    @exclusivity(unchecked) @usableFromInline var nextToken = 0
    /// Actions sent while another is reducing, or while the state is read in place, and the
    /// family of effects each joins (nil: the family of the send that reduces it).
    @exclusivity(unchecked) @usableFromInline var queue: [(Action, ActionOrigin, StartedEffects?)] = []
    @exclusivity(unchecked) @usableFromInline var isSending = false
    /// The effects launched inside the `.cancellable` effects being started, and how deeply
    /// those nest: each is registered under an id when the effect with that id has started.
    @exclusivity(unchecked) @usableFromInline var launchedUnderIDs: [EffectLifetime] = []
    @exclusivity(unchecked) @usableFromInline var cancellableDepth = 0
    /// Effects launched since the main actor last ran a job, waiting to begin together.
    @exclusivity(unchecked) @usableFromInline var pendingBatch: EffectBatch?
    /// How effects, the tasks that begin them and observation tokens reach this runtime
    /// without keeping it alive. Closed by the store that owns the runtime when that store
    /// goes, on whatever thread, and by the runtime's deinit. (A weak reference gives
    /// the runtime a side table, which makes every retain and release of it slower, and every
    /// load of the reference a call: see `RuntimeHandle`.)
    @usableFromInline package nonisolated let handle = RuntimeHandle<State, Action>()

    @inlinable
    package init<R: Reducer>(initialState: State, reducer: R, dependencies: DependencyValues)
    where R.State == State, R.Action == Action {
        self.state = initialState
        self.makeReducer = { reducer._makeReduce() }
        self.reducer = DependencyValues.with(dependencies) { reducer._makeReduce() }
        self.dependencies = dependencies
        self.dependencyScope = dependencies.unretained
        handle.stored = self
    }

    isolated deinit {
        // First: nothing reaches the runtime through its handle from here on (cancelling a
        // task below runs its cancellation handlers at once).
        handle.close()
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

    /// An action an effect sends joins that effect's family (`existing`): its effects are
    /// waited for with the send that started the effect, and nil is returned.
    @inlinable
    func send(_ action: Action, origin: ActionOrigin, joining existing: StartedEffects?) -> StartedEffects? {
        // An observer or a synchronous effect sending while we reduce joins the queue; an
        // effect's action still joins that effect's family when it is reduced.
        guard !isSending else {
            queue.append((action, origin, existing))
            return nil
        }
        // Made only when an effect starts: a send with no effects allocates nothing here.
        // No task waits for them until someone asks: most sends' effects are never awaited,
        // and a task costs as much as reducing an action through the whole tree.
        var family = existing
        drainQueue(into: &family) { family in reduce(action, origin: origin, into: &family) }
        return existing == nil ? family : nil
    }

    /// Runs `first` (reducing the caller's action), then reduces every queued action in
    /// order, starting their effects into `family`, then tells the observers; actions
    /// observers send are reduced after every observer has seen the state, so each sees each
    /// state once, in order.
    @inlinable
    func drainQueue(into family: inout StartedEffects?, first: (inout StartedEffects?) -> Void = { _ in }) {
        isSending = true
        // The caller's action is reduced where it is, not passed through the queue or an
        // optional: most sends queue nothing, and each copy of an action is a call through
        // its enum's value witnesses.
        var isFirst = true
        repeat {
            // One dependency scope for all the queued actions, not one each.
            DependencyValues.with(unretained: dependencyScope) {
                if isFirst {
                    isFirst = false
                    first(&family)
                }
                guard !queue.isEmpty else { return }
                var index = 0
                while index < queue.count {
                    let (next, nextOrigin, joining) = queue[index]
                    index += 1
                    if joining == nil {
                        reduce(next, origin: nextOrigin, into: &family)
                    } else {
                        var joined = joining
                        reduce(next, origin: nextOrigin, into: &joined)
                    }
                }
                queue.removeAll(keepingCapacity: true)
            }
            if !observers.isEmpty {
                // Each is handed the state where it is kept, not a copy of it.
                withUnsafeMutablePointer(to: &state) { state in
                    for observer in observers.values { observer(state.pointee) }
                }
            }
        } while !queue.isEmpty
        isSending = false
        if !retiredDependencies.isEmpty { retiredDependencies.removeAll() }
    }

    @inlinable
    func reduce(_ action: Action, origin: ActionOrigin, into family: inout StartedEffects?) {
        let effect = reducer(&state, action)
        didReduce?(action, origin, state)
        if !effect.isNone { start(effect, in: &family) }
    }

    /// Calls `body` with the state where it is kept, not a copy of it (a copy of a large
    /// state is a retain and a release of each reference in it). An action sent meanwhile
    /// (from `body`, or from something it calls) is reduced when `body` has returned, as one
    /// sent while a send is reducing is: an effect's joins that effect's family.
    @inlinable
    package func withState<R>(_ body: (borrowing State) -> R) -> R {
        let wasSending = isSending
        isSending = true
        defer {
            isSending = wasSending
            if !wasSending {
                if !queue.isEmpty {
                    var family: StartedEffects?
                    drainQueue(into: &family)
                } else if !retiredDependencies.isEmpty {
                    // Dependencies replaced while reading, kept until the read was over.
                    retiredDependencies.removeAll()
                }
            }
        }
        return withUnsafeMutablePointer(to: &state) { body($0.pointee) }
    }

    /// Runs `operation` with sends held until it returns, as `withState` holds them.
    @inlinable
    package func holdingSends(_ operation: () -> Void) {
        withState { _ in operation() }
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

    /// Starts `effect`, adding its work to `family`. Work started as a step of a
    /// concatenation has that concatenation as `parent`, and ends with it.
    @inlinable
    func start(_ effect: Effect<Action>, in family: inout StartedEffects?, parent: EffectLifetime? = nil) {
        switch effect.operation {
        case .none:
            return
        case let .send(action):
            // Reduced once the whole effect has started, as inside a send: in a step of a
            // concatenation, the step reduces what its effect queued when it has started it.
            queue.append((action, .effect, nil))
        case let .run(work):
            startWork(work, in: &family, parent: parent)
        case let .merge(effects):
            for effect in effects { start(effect, in: &family, parent: parent) }
        case let .concatenate(effects):
            let joined = family ?? StartedEffects()
            family = joined
            let concatenation = StepsLifetime(parent: parent, token: EffectToken(makeToken())) { [handle] lifetime in
                for effect in effects {
                    let steps: [Task<Void, Never>]
                    do {
                        // The store is held only while a step starts, not while it runs.
                        guard lifetime.isActive, let runtime = handle.runtime else { return }
                        // The steps join the send's family, so that `finish()` also waits for the
                        // effects of the actions they send; the concatenation waits for the step only.
                        var stepFamily: StartedEffects? = joined
                        let before = lifetime.children.count
                        runtime.start(effect, in: &stepFamily, parent: lifetime)
                        steps = lifetime.children[before...].compactMap(\.task)
                        // Nothing else is reducing: the actions the step sent are reduced now
                        // that all of its work has started and is cancellable by its ids.
                        if !runtime.isSending && !runtime.queue.isEmpty { runtime.drainQueue(into: &stepFamily) }
                    }
                    for step in steps { await step.value }
                }
            }
            launch(concatenation, in: joined)
        case let .cancellable(id, cancelInFlight, effect):
            if cancelInFlight { cancel(id: id) }
            // The common shapes, one piece of work under an id, or under a presented child's id
            // and its presentation's (a quiz's speech, on every question), start as the general
            // path below would, without going round it again for each id and keeping a list.
            switch effect.operation {
            case let .run(work):
                register(startWork(work, in: &family, parent: parent), under: id)
                return
            case let .cancellable(innerID, innerCancelInFlight, inner):
                if case let .run(work) = inner.operation {
                    if innerCancelInFlight { cancel(id: innerID) }
                    let lifetime = startWork(work, in: &family, parent: parent)
                    register(lifetime, under: innerID)
                    register(lifetime, under: id)
                    return
                }
            default:
                break
            }
            // Registered under `id` once the whole effect has started: a `.cancel(id:)` of the
            // same id inside it cancels what ran before, not its own siblings.
            let mark = launchedUnderIDs.count
            cancellableDepth += 1
            start(effect, in: &family, parent: parent)
            cancellableDepth -= 1
            for lifetime in launchedUnderIDs[mark...] { register(lifetime, under: id) }
            if cancellableDepth == 0 { launchedUnderIDs.removeAll(keepingCapacity: true) }
        case let .cancel(id):
            cancel(id: id)
        }
    }

    /// Starts `work` as an effect of its own, in `family`, cancellable by the ids it carries,
    /// as `.cancellable` boxes around it would make it: the inner id's effects cancelled first
    /// when it cancels in flight, the inner id registered before the outer.
    @inlinable
    @discardableResult
    func startWork(_ work: EffectWork<Action>, in family: inout StartedEffects?, parent: EffectLifetime?) -> EffectLifetime {
        let inner = work.carried.inner, outer = work.carried.outer
        if inner == nil && outer == nil { return startRun(work, in: &family, parent: parent) }
        if let inner, work.carried.innerCancelsInFlight { cancel(id: inner) }
        let lifetime = startRun(work, in: &family, parent: parent)
        if let inner { register(lifetime, under: inner) }
        if let outer { register(lifetime, under: outer) }
        return lifetime
    }

    /// Starts `work` as an effect of its own, in `family`, leaving the ids it carries to the
    /// caller (`startWork`).
    @inlinable
    @discardableResult
    func startRun(_ work: EffectWork<Action>, in family: inout StartedEffects?, parent: EffectLifetime?) -> EffectLifetime {
        let joined = family ?? StartedEffects()
        family = joined
        let lifetime = RunLifetime(work, of: handle, in: joined, parent: parent, token: EffectToken(makeToken()))
        launch(lifetime, in: joined)
        return lifetime
    }

    /// Runs `lifetime`'s work as a tracked effect: counted as running until it ends, then
    /// forgotten.
    ///
    /// Work that is not a step of a concatenation begins with the other effects launched
    /// before the main actor next runs a job, in one task that runs the first of them (unless
    /// it has a priority of its own) and starts a task for each of the others, in launch
    /// order; work cancelled before then never begins. A piped session reduces 64 answers back
    /// to back, each superseding the last answer's speech: one task begins the one that is
    /// left, where there was a task each. Awaiting the effects first (`StoreTask.finish()`)
    /// begins the batch in the awaiting task, which then need not be woken from a wait.
    @inlinable
    func launch(_ lifetime: EffectLifetime, in family: StartedEffects) {
        if cancellableDepth > 0 { launchedUnderIDs.append(lifetime) }
        if let parent = lifetime.parent {
            // The concatenation awaits its steps' tasks: they must exist when it looks.
            beginNow(lifetime)
            parent.children.append(lifetime)
            if !parent.isActive { lifetime.cancel() }
        } else {
            let batch = openBatch()
            lifetime.batch = batch
            batch.effects.append(lifetime)
        }
        running[lifetime.token] = lifetime
        family.append(lifetime)
        runningEffectCountDidChange?(running.count)
    }

    /// Makes `lifetime` cancellable by `id`, unless it has already been forgotten (cancelled
    /// before it began by a sibling started with it).
    @inlinable
    func register(_ lifetime: EffectLifetime, under id: EffectID) {
        guard !lifetime.hasEnded else { return }
        lifetime.ids.append(id)
        let token = lifetime.token
        // One lookup: a new id gets its first token, a known one one more.
        cancellables[id, default: EffectTokens(first: token)].add(token)
    }

    /// Starts `lifetime`'s task at once. It runs on the main actor, so it cannot end before
    /// `launch` has registered it.
    @inlinable
    func beginNow(_ lifetime: EffectLifetime) {
        let token = lifetime.token
        lifetime.task = Task(priority: lifetime.priority) { @MainActor [handle] in
            // Cancelled before its task had a turn (a concatenation cancelled as it starts a step).
            guard !lifetime.isCancelled else {
                lifetime.drop()
                handle.runtime?.finished(token, begun: false)
                return
            }
            await lifetime.perform()
            handle.runtime?.finished(token)
        }
    }

    /// The batch that effects launched now join, made (with the task that will begin it) by
    /// the first of them.
    @usableFromInline
    func openBatch() -> EffectBatch {
        if let batch = pendingBatch { return batch }
        let batch = EffectBatch(
            ended: { [handle] token, begun in handle.runtime?.finished(token, begun: begun) },
            // Effects launched by the work begun now join a new batch.
            closed: { [handle] batch in
                if let runtime = handle.runtime, runtime.pendingBatch === batch { runtime.pendingBatch = nil }
            })
        pendingBatch = batch
        batch.task = Task { @MainActor in await batch.begin() }
        return batch
    }

    /// Forgets the effect `token`. `begun` is false for an effect cancelled before it began:
    /// the clock hears only of work that ran (and so may have slept on it).
    @usableFromInline
    func finished(_ token: EffectToken, begun: Bool = true) {
        if begun {
            if case .notLookedUp = clockObserver {
                clockObserver = (dependencies.clock as? any EffectEndObserver).map(ClockObserver.observer) ?? .none
            }
            if case let .observer(observer) = clockObserver { observer.effectEnded() }
        }
        guard let lifetime = running.removeValue(forKey: token) else { return }
        lifetime.hasEnded = true
        // Under an id cancelled since, this token is gone, or a later effect's are there.
        lifetime.ids.forEach { id in
            guard let index = cancellables.index(forKey: id) else { return }
            if cancellables.values[index].first == token {
                if let next = cancellables.values[index].more.popFirst() {
                    cancellables.values[index].first = next
                } else {
                    cancellables.remove(at: index)
                }
            } else {
                if !cancellables.values[index].more.isEmpty { cancellables.values[index].more.remove(token) }
            }
        }
        runningEffectCountDidChange?(running.count)
    }

    @inlinable
    func cancel(id: EffectID) {
        // Forgotten at once: an effect cancelled before its task has run (the main actor
        // busy) must not be cancelled again, and again, by every later cancel of the id.
        guard let tokens = cancellables.removeValue(forKey: id) else { return }
        cancelEffect(tokens.first)
        for token in tokens.more { cancelEffect(token) }
    }

    /// Cancels the running effect `token`. One still waiting for its batch will never begin,
    /// and is forgotten now, not when the batch comes: a piped session supersedes 63 of every
    /// 64 answers' speech this way. It leaves the running effects and its send's family at
    /// once, and the batch when it was the last launched (the previous answer's speech is):
    /// then its lifetime is freed before the next answer's is made, which reuses the memory.
    /// Kept until the batch, 63 were freed there in a row, past the allocator's per-thread
    /// cache, and each id of the presentation held the tokens of all of them.
    @inlinable
    func cancelEffect(_ token: EffectToken) {
        guard let lifetime = running[token] else { return }
        guard let batch = lifetime.batch, !lifetime.isCancelled else { return lifetime.cancel() }
        lifetime.batch = nil
        lifetime.isCancelled = true
        // Most often the effect launched last: the batch lets go of it too. Otherwise the batch
        // passes over it (it is no longer waiting).
        if batch.effects.last === lifetime { batch.effects.removeLast() }
        lifetime.leaveFamily()
        lifetime.drop()
        finished(token, begun: false)
    }
}

/// A store's runtime as its effects, their tasks and observation tokens reach it: one
/// reference per store that does not keep it alive, where each effect formed and destroyed a
/// weak reference of its own, and each batch and task captured another.
///
/// Not a weak reference: that gave the runtime a side table, and every retain and release of
/// the runtime, and every load of the reference, went through it (about 4% of a piped
/// session, the benchmark `session.store-1000`). The reference is unowned, and the handle
/// is closed instead:
/// - by the `Store` or `TestStore` that owns the runtime, in its deinit, wherever the last
///   reference to it goes. From then on, what an effect sends is dropped, as a weak reference
///   gone nil dropped it. (The runtime's own deinit is isolated to the main actor: released
///   on another thread, it waits for the main actor, and meanwhile an effect there would
///   still have found the runtime, and reduced what it sent for a store nobody holds.)
/// - by the runtime's deinit, before it does anything else. Closed, it answers nil whatever
///   it still points to.
///
/// Reading it is safe because the handle is read only on the main actor, where the
/// runtime's deinit runs, and the runtime's memory is freed only after that deinit: a
/// reader before then finds it whole, a reader after finds nil. What a reader gets is used
/// and let go on its own turn of the main actor, never kept across a suspension, so it
/// never outlives the deinit either.
@MainActor
@usableFromInline
package final class RuntimeHandle<State, Action: Sendable> {
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var stored: StoreRuntime<State, Action>?
    /// Set by `close()`, from any thread.
    @usableFromInline let isClosed = Atomic<Bool>(false)

    @usableFromInline
    nonisolated init() {}

    /// The runtime, while its store is held.
    @inlinable
    var runtime: StoreRuntime<State, Action>? {
        isClosed.load(ordering: .acquiring) ? nil : stored
    }

    /// The store that owns the runtime has gone: nothing reaches the runtime from now on.
    @usableFromInline
    package nonisolated func close() {
        isClosed.store(true, ordering: .releasing)
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
///
/// Like the runtime's, its properties are not checked for exclusive access at run time: it is
/// confined to the main actor, and nothing it calls while changing one can reach it.
///
/// Each kind of effect is a subclass that holds its work and does it in `perform()`: a `.run`
/// effect's lifetime is one object, where the lifetime, a closure and a box for the closure's
/// weak reference to the store were three.
@MainActor
@usableFromInline
class EffectLifetime {

    /// Nil while the effect waits for its batch, and for good when it was cancelled before.
    @exclusivity(unchecked) @usableFromInline var task: Task<Void, Never>?
    @exclusivity(unchecked) @usableFromInline var isCancelled = false
    /// The store has forgotten the effect: it ended, or was dropped before it began. (Beside
    /// `isCancelled`, so the two share a word: a `RunLifetime` fits in 128 bytes of heap, which
    /// malloc frees through its fast lists when 64 are freed together, not its sorted ones.)
    @exclusivity(unchecked) @usableFromInline var hasEnded = false
    /// The concatenation this effect is a step of.
    @usableFromInline let parent: EffectLifetime?
    /// The steps started under this effect, cancelled with it.
    @exclusivity(unchecked) @usableFromInline var children: [EffectLifetime] = []
    @usableFromInline let token: EffectToken
    /// The ids it can be cancelled by.
    @exclusivity(unchecked) @usableFromInline var ids = CancellationIDs()
    /// The batch that is to begin the effect, while it waits for it.
    @exclusivity(unchecked) @usableFromInline var batch: EffectBatch?

    /// Whether the effect waits for its batch to begin it.
    @inlinable
    var isPending: Bool { batch != nil }

    @inlinable
    init(parent: EffectLifetime?, token: EffectToken) {
        self.parent = parent
        self.token = token
    }

    /// The priority its task is to have.
    @usableFromInline
    var priority: TaskPriority? { nil }

    /// Does the work, on the main actor.
    @usableFromInline
    func perform() async {}

    /// Lets go of the work, which will not be done.
    @usableFromInline
    func drop() {}

    /// Leaves the effects its send started, before it began: there is nothing to wait for.
    @usableFromInline
    func leaveFamily() {}

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
        if let task {
            task.cancel()
        } else if isPending {
            // It will never begin: its work is let go of now, not when its batch comes (freed
            // together, many at a time, it went back to the allocator's shared lists). Cancelled
            // by its id, the runtime forgets the whole effect at once (`cancelEffect`); this is
            // the way of the others: its send's task cancelled, every effect of a store.
            drop()
        }
        for child in children { child.cancel() }
    }

    /// Returns when the effect has ended, or was dropped before it began. An effect still
    /// waiting for its batch has its batch begun now, here, rather than waited for: a task
    /// woken from a wait resumes on another thread and hops back to the main actor, tens of
    /// microseconds, where work that ends without suspending (a silent voice) takes less than one.
    @usableFromInline
    func ended() async {
        batch?.beginNow()
        guard !hasEnded else { return }
        await task?.value
    }
}

/// A `.run` effect: its work, and the store and send its actions go to.
@usableFromInline
final class RunLifetime<State, Action: Sendable>: EffectLifetime {
    /// The store through its handle, which does not hold it: a running effect must not keep its
    /// store alive, or the store's deinit, which cancels its effects, would never come.
    @usableFromInline let handle: RuntimeHandle<State, Action>
    /// The work and the family its actions join, until it is done or dropped: the family holds
    /// this lifetime, so holding the family longer would keep both alive for good.
    @exclusivity(unchecked) @usableFromInline var family: StartedEffects?
    @exclusivity(unchecked) @usableFromInline var work: EffectWork<Action>?
    @usableFromInline let workPriority: TaskPriority?

    @inlinable
    init(
        _ work: EffectWork<Action>, of handle: RuntimeHandle<State, Action>, in family: StartedEffects,
        parent: EffectLifetime?, token: EffectToken
    ) {
        self.handle = handle
        self.family = family
        self.work = work
        self.workPriority = work.priority
        super.init(parent: parent, token: token)
    }

    @usableFromInline
    override var priority: TaskPriority? { workPriority }

    @usableFromInline
    override func perform() async {
        guard let work, let family else { return }
        let handle = handle
        let send = Send<Action> { action in
            // Checked here, on the main actor, where cancelling happens: once an effect has
            // been cancelled, nothing it sends is reduced, whatever it was doing.
            guard self.isActive else { return }
            _ = handle.runtime?.send(action, origin: .effect, joining: family)
        }
        await DismissEffect.withoutInheritedPresentation { await work.run(send) }
        drop()
    }

    @usableFromInline
    override func drop() {
        work = nil
        family = nil
    }

    @usableFromInline
    override func leaveFamily() {
        family?.remove(self)
    }
}

/// A concatenation: its steps, started one after the other by `steps`.
@usableFromInline
final class StepsLifetime: EffectLifetime {
    @usableFromInline typealias Steps = @MainActor @Sendable (EffectLifetime) async -> Void
    @exclusivity(unchecked) @usableFromInline var steps: Steps?

    @inlinable
    init(parent: EffectLifetime?, token: EffectToken, steps: @escaping Steps) {
        self.steps = steps
        super.init(parent: parent, token: token)
    }

    @usableFromInline
    override func perform() async {
        guard let steps else { return }
        await steps(self)
        self.steps = nil
    }

    @usableFromInline
    override func drop() { steps = nil }
}

/// Effects launched while the main actor was busy, and the one task that begins them when it
/// is free: in order, the first not cancelled in that task itself (unless it has a priority
/// of its own), each other one in a task of its own, so the first parts of their work run in
/// the order they were launched. Whoever waits for one of them before then begins them all
/// at once instead (`beginNow()`), each in a task of its own that starts at once.
@MainActor
@usableFromInline
final class EffectBatch {
    @exclusivity(unchecked) @usableFromInline var effects: [EffectLifetime] = []
    /// Where `beginNow()` has got to in `effects`.
    @exclusivity(unchecked) @usableFromInline var next = 0
    /// The task that begins the batch, and then runs its first effect.
    @exclusivity(unchecked) @usableFromInline var task: Task<Void, Never>?
    /// Tells the store an effect ended: its token, and whether it began.
    @usableFromInline let ended: @MainActor @Sendable (EffectToken, Bool) -> Void
    /// Tells the store the batch takes no more effects.
    @usableFromInline let closed: @MainActor @Sendable (EffectBatch) -> Void

    @usableFromInline
    init(ended: @escaping @MainActor @Sendable (EffectToken, Bool) -> Void,
         closed: @escaping @MainActor @Sendable (EffectBatch) -> Void) {
        self.ended = ended
        self.closed = closed
    }

    /// Begins the effects now, before the batch's task has had its turn (which then finds
    /// nothing to do): each not cancelled in a task of its own that starts at once, on the
    /// caller's turn of the main actor, and runs until its work first suspends. One that ends
    /// without suspending has ended when this returns.
    ///
    /// The effects are taken from the batch one at a time, not from a copy of it: work begun
    /// here runs at once, and when it awaits an effect later in the batch (another send's
    /// task), that wait begins the rest of the batch, in order, from where this call has got
    /// to. (With a copy, the wait found the batch empty and the effect with no task yet, and
    /// returned before the effect had begun.)
    @usableFromInline
    func beginNow() {
        closed(self)
        while next < effects.count {
            let lifetime = effects[next]
            next += 1
            // Forgotten since it joined the batch (cancelled by its id).
            guard lifetime.isPending else { continue }
            if lifetime.isCancelled {
                lifetime.batch = nil
                lifetime.drop()
                ended(lifetime.token, false)
                continue
            }
            lifetime.batch = nil
            let ended = ended
            let task = Task.immediate(priority: lifetime.priority) { @MainActor in
                await Self.run(lifetime, ended: ended)
            }
            lifetime.task = task
            // Cancelled by its own work before it suspended, when it had no task to cancel yet.
            if lifetime.isCancelled { task.cancel() }
        }
        effects = []
        next = 0
    }

    @usableFromInline
    func begin() async {
        closed(self)
        var first: EffectLifetime?
        var isFirstToRun = true
        for lifetime in effects {
            guard lifetime.isPending else { continue }
            if lifetime.isCancelled {
                lifetime.batch = nil
                lifetime.drop()
                ended(lifetime.token, false)
                continue
            }
            if isFirstToRun && lifetime.priority == nil {
                first = lifetime
                lifetime.task = task
            } else {
                let ended = ended
                lifetime.task = Task(priority: lifetime.priority) { @MainActor in
                    await Self.run(lifetime, ended: ended)
                }
            }
            isFirstToRun = false
            lifetime.batch = nil
        }
        effects = []
        guard let lifetime = first else { return }
        await lifetime.perform()
        ended(lifetime.token, true)
    }

    /// An effect's own task: its work, unless an effect begun before it in the batch
    /// cancelled it, when it never begins.
    @usableFromInline
    static func run(_ lifetime: EffectLifetime, ended: @MainActor @Sendable (EffectToken, Bool) -> Void) async {
        guard !lifetime.isCancelled else {
            lifetime.drop()
            ended(lifetime.token, false)
            return
        }
        await lifetime.perform()
        ended(lifetime.token, true)
    }
}

/// The effects started by one `send` and by the actions its effects send back: what a
/// `StoreTask` waits for or cancels. Most sends start one effect: it takes no array.
///
/// Sendable, though its effects are not: they are read and changed only on the main actor
/// (the methods that touch them are isolated to it); the rest is the atomic flag.
@usableFromInline
package final class StartedEffects: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var first: EffectLifetime?
    @exclusivity(unchecked) @usableFromInline var more: [EffectLifetime] = []
    private let cancelled = Atomic<Bool>(false)

    @inlinable
    init() {}

    @MainActor @inlinable
    var count: Int { first == nil ? 0 : 1 + more.count }

    @MainActor @inlinable
    subscript(index: Int) -> EffectLifetime { index == 0 ? first! : more[index - 1] }

    @MainActor @inlinable
    func append(_ lifetime: EffectLifetime) {
        if first == nil { first = lifetime } else { more.append(lifetime) }
    }

    /// Forgets `lifetime`, cancelled before it began.
    @MainActor @inlinable
    func remove(_ lifetime: EffectLifetime) {
        if first === lifetime {
            first = more.isEmpty ? nil : more.removeFirst()
        } else if let index = more.lastIndex(where: { $0 === lifetime }) {
            more.remove(at: index)
        }
    }

    @MainActor @usableFromInline
    func cancelAll() {
        first?.cancel()
        for effect in more { effect.cancel() }
    }

    /// Waits until the effects have ended, and those that join meanwhile. Cancelling the
    /// waiting task does not cancel them.
    package nonisolated(nonsending) func finish() async {
        await waitForEffects()
    }

    @MainActor @usableFromInline
    func waitForEffects() async {
        var index = 0
        while index < count {
            let effect = self[index]
            // One that has ended, was dropped before it began, or ended with no task, has
            // nothing to wait for: no call to make (each costs a frame on the task's stack).
            guard !effect.hasEnded && (effect.isPending || effect.task != nil) else {
                index += 1
                continue
            }
            await effect.ended()
            // Beginning its batch may have run an effect that cancelled this one before it
            // began, which took it out of the family (`remove`): the next one is now where it
            // was. (Only one still waiting for its batch leaves, and those before `index` have
            // all begun.)
            if index < count && self[index] === effect { index += 1 }
        }
    }

    /// Cancels the effects: at once when called on the main actor (before any of them runs
    /// again), otherwise as soon as the main actor is free.
    package func cancel() {
        guard !cancelled.exchange(true, ordering: .relaxed) else { return }
        Task.immediate { @MainActor in self.cancelAll() }
    }

    /// Whether `cancel()` was called.
    package var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}

/// The ids one effect can be cancelled by, innermost first. Most effects have one or two
/// (their own, and the presentation's they run under): those take no array.
@usableFromInline
struct CancellationIDs {
    @usableFromInline var first: EffectID?
    @usableFromInline var second: EffectID?
    @usableFromInline var more: [EffectID] = []

    @inlinable
    init() {}

    @inlinable
    mutating func append(_ id: EffectID) {
        if first == nil {
            first = id
        } else if second == nil {
            second = id
        } else {
            more.append(id)
        }
    }

    @inlinable
    func forEach(_ body: (EffectID) -> Void) {
        guard let first else { return }
        body(first)
        guard let second else { return }
        body(second)
        for id in more { body(id) }
    }
}

/// The running effects made cancellable by one id: most often one, which takes no set.
@usableFromInline
struct EffectTokens {
    @usableFromInline var first: EffectToken
    @usableFromInline var more: Set<EffectToken> = []

    @inlinable
    init(first: EffectToken) { self.first = first }

    /// Adds `token`, unless it is the first.
    @inlinable
    mutating func add(_ token: EffectToken) {
        if token != first { more.insert(token) }
    }
}

/// An effect's number in its store, handed out in order. The runtime's dictionaries look one
/// up on every effect started, cancelled or ended, so it hashes with a multiplication and a
/// fold, not through SipHash: none comes from outside. A table picks the bucket from the low
/// bits, and those of a product depend only on the low bits of the number, so the high half
/// is folded into them: numbers a power of two apart (one long effect kept per 1,024 sends)
/// would otherwise share buckets. (As itself, numbers in order would fill a run of buckets,
/// and removing one would scan the whole run.)
@usableFromInline
struct EffectToken: Hashable, Sendable {
    @usableFromInline let value: Int

    @inlinable
    init(_ value: Int) { self.value = value }

    @inlinable
    func _rawHashValue(seed: Int) -> Int {
        let product = UInt(bitPattern: value) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: product ^ (product &>> 32)) ^ seed
    }
}
