/// What the store hands an effect's operations: where the actions they send go, how to
/// start a task, and the registry of cancellable tasks. A child's effects see their parent's
/// runner through `map`, which embeds what they send, and `entering`, which names their place.
struct EffectRunner<Action>: Sendable {
    /// The work of a task, given the runner its own operations run with.
    typealias Work = @MainActor @Sendable (EffectRunner<Action>) async -> Void
    /// Runs a task's `work`, given the runner of the task.
    typealias TaskWrapper = @MainActor @Sendable (EffectRunner<Action>, _ work: @MainActor () async -> Void) async -> Void

    /// Reduces an action: straight after the current one while the store is sending.
    var send: @MainActor @Sendable (Action) -> Void
    /// Starts `work` in a task of the store's; nil once the store has gone.
    var start: @MainActor @Sendable (TaskPriority?, @escaping Work) -> RunningEffect?
    /// The store's cancellable tasks, by id.
    let cancellations: CancellationRegistry
    /// The feature whose effect runs with this runner.
    var path: EffectPath

    /// This runner as a child whose actions `transform` embeds sees it.
    func map<Child>(_ transform: @escaping @Sendable (Child) -> Action) -> EffectRunner<Child> {
        let send = send, start = start
        return EffectRunner<Child>(
            send: { send(transform($0)) },
            start: { priority, work in start(priority) { runner in await work(runner.map(transform)) } },
            cancellations: cancellations, path: path)
    }

    /// This runner as the feature one step below sees it.
    func entering(_ step: EffectID) -> Self {
        var runner = self
        runner.start = { [start] priority, work in start(priority) { await work($0.entering(step)) } }
        runner.path = path + [step]
        return runner
    }

    /// This runner with each task's work run inside `wrap`, the tasks it starts included.
    func wrappingTasks(_ wrap: @escaping TaskWrapper) -> Self {
        var runner = self
        runner.start = { [start] priority, work in
            start(priority) { runner in await wrap(runner) { await work(runner.wrappingTasks(wrap)) } }
        }
        return runner
    }

    /// This runner with each task it starts registered under `key`; the tasks those tasks
    /// start end with them and need no registration of their own.
    func registering(under key: CancellationRegistry.Key) -> Self {
        var runner = self
        runner.start = { [start, cancellations] priority, work in
            let effect = start(priority, work)
            if let effect { cancellations.register(effect, under: key) }
            return effect
        }
        return runner
    }

    /// This runner with each task it starts added to `started`, and the actions sent
    /// kept there instead of sent.
    func collecting(into started: StartedStep<Action>) -> Self {
        var runner = self
        runner.send = { started.actions.append($0) }
        runner.start = { [start] priority, work in
            let effect = start(priority, work)
            if let task = effect?.task { started.tasks.append(task) }
            return effect
        }
        return runner
    }
}

/// What a step of a concatenation started: the tasks it waits for before the next step,
/// and the actions it sends once all of it has started.
@MainActor
final class StartedStep<Action> {
    var tasks: [Task<Void, Never>] = []
    var actions: [Action] = []
}

/// A task a store started for an effect, and what is to happen when it ends.
@MainActor
final class RunningEffect {
    var task: Task<Void, Never>?
    /// What is to happen when the task ends.
    var whenEnded: [@MainActor () -> Void] = []

    func cancel() { task?.cancel() }

    /// Called by the task as it ends.
    func end() {
        for action in whenEnded { action() }
        whenEnded = []
    }
}
