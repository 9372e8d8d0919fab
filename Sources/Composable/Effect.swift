/// Work a reducer asks for after it has changed state: nothing, an action to send at once,
/// or asynchronous work that may send actions back, and the ways to combine them.
///
/// ```swift
/// case .replayTapped:
///   return .run { [kana = state.question.kana] send in
///     try await speech.speak(kana)
///     await send(.playbackFinished)
///   }
///   .cancellable(id: CancelID.playback, cancelInFlight: true)
/// ```
public struct Effect<Action>: Sendable {
    /// What the store runs on its actor right after the action: it sends actions and starts tasks.
    typealias Operation = @MainActor @Sendable (EffectRunner<Action>) -> Void
    /// What the effect cancels, given the store's registry and the effect's feature. Apart
    /// from the operation because it does not depend on the action type: a child's cancels
    /// pass up through its parents unchanged.
    typealias Cancellation = @MainActor @Sendable (CancellationRegistry, EffectPath) -> Void

    let operation: Operation?
    let cancellation: Cancellation?

    init(_ operation: Operation?, cancelling cancellation: Cancellation? = nil) {
        self.operation = operation
        self.cancellation = cancellation
    }

    var isNone: Bool { operation == nil && cancellation == nil }

    /// Runs the effect with `runner`: all its cancels, then its operation, so that its cancels
    /// never reach the tasks it starts itself.
    @MainActor
    func run(with runner: EffectRunner<Action>) {
        cancellation?(runner.cancellations, runner.path)
        operation?(runner)
    }
}

extension Effect {
    /// No work.
    public static var none: Self { Self(nil) }

    /// Sends `action` back into the store straight after the current action, before any
    /// asynchronous work. Prefer calling shared logic directly; this is for the rare case
    /// where another reducer (a parent) must see the action.
    public static func send(_ action: Action) -> Self where Action: Sendable {
        Self { runner in runner.send(action) }
    }

    /// Asynchronous work that may send actions back with `send`.
    ///
    /// The work runs in a task of its own that starts on the store's actor (the main actor)
    /// when that actor is next free, in the order the store started it, and sees the
    /// dependencies in force where the effect was made. A task cancelled before it begins
    /// never does. An error thrown by `operation` goes to `handler` when one is given;
    /// cancellation is never reported as an error; any other error is reported as a runtime
    /// warning. Blocking work belongs in a client that runs off the main actor.
    public static func run(
        priority: TaskPriority? = nil,
        operation: nonisolated(nonsending) @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
        catch handler: (nonisolated(nonsending) @Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Self {
        let dependencies = DependencyValues.current
        return Self { runner in
            _ = runner.start(priority) { runner in
                let send = Send(runner.send)
                await DependencyValues.$ofTask.withValue(dependencies) {
                    do {
                        try await operation(send)
                    } catch is CancellationError {
                    } catch where Task.isCancelled {
                        // Thrown because the effect was cancelled (a URL error, say): not a failure.
                    } catch {
                        if let handler {
                            await handler(error, send)
                        } else {
                            RuntimeWarnings.report(
                                "An effect started at \(fileID):\(line) threw \(error), and no catch handler was given.")
                        }
                    }
                }
            }
        }
    }

    /// All of `effects` at once.
    public static func merge(_ effects: Self...) -> Self { merge(effects) }

    public static func merge(_ effects: [Self]) -> Self {
        effects.reduce(.none) { $0.merge(with: $1) }
    }

    /// This effect and `other` at once: the cancels of both, then this one's operation, then
    /// the other's.
    public func merge(with other: Self) -> Self {
        Self(Self.joined(operation, other.operation), cancelling: Self.joined(cancellation, other.cancellation))
    }

    /// `first`, then `second`.
    static func joined(_ first: Operation?, _ second: Operation?) -> Operation? {
        guard let first else { return second }
        guard let second else { return first }
        return { runner in
            first(runner)
            second(runner)
        }
    }

    /// `first`, then `second`.
    static func joined(_ first: Cancellation?, _ second: Cancellation?) -> Cancellation? {
        guard let first else { return second }
        guard let second else { return first }
        return { registry, path in
            first(registry, path)
            second(registry, path)
        }
    }

    /// `effects` one after the other, each starting when the one before has finished: one
    /// task that runs each effect in turn and waits for the tasks it starts.
    public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

    public static func concatenate(_ effects: [Self]) -> Self {
        let steps = effects.filter { !$0.isNone }
        guard steps.count > 1 else { return steps.first ?? .none }
        return Self { runner in
            _ = runner.start(nil) { runner in
                for step in steps {
                    guard !Task.isCancelled else { return }
                    // As in a send: the step's actions are reduced once all of it has started.
                    let started = StartedStep<Action>()
                    let stepRunner = runner.collecting(into: started)
                    step.run(with: stepRunner)
                    for action in started.actions { runner.send(action) }
                    let tasks = started.tasks
                    await withTaskCancellationHandler {
                        for task in tasks { await task.value }
                    } onCancel: {
                        for task in tasks { task.cancel() }
                    }
                }
            }
        }
    }

    /// Runs this effect only when no other effect with the same `id` starts within `duration`
    /// on `clock`: each start cancels the one waiting before it.
    ///
    /// ```swift
    /// return .run { [settings = state.settings] _ in try await save(settings) }
    ///   .debounce(id: CancelID.save, for: .milliseconds(250), clock: clock)
    /// ```
    public func debounce<ID: Hashable & Sendable>(
        id: ID, for duration: Duration, clock: any Clock<Duration>
    ) -> Self {
        if isNone { return self }
        return Self.concatenate([.run { _ in try await clock.sleep(for: duration) }, self])
            .cancellable(id: id, cancelInFlight: true)
    }

    /// Turns the actions this effect sends into another type; how a child's effects become
    /// its parent's.
    public func map<Other>(_ transform: @escaping @Sendable (Action) -> Other) -> Effect<Other> {
        guard let operation else { return Effect<Other>(nil, cancelling: cancellation) }
        return Effect<Other>({ runner in operation(runner.map(transform)) }, cancelling: cancellation)
    }

    /// The cancels of an effect that starts nothing, as an effect of another action type:
    /// what a child's effect becomes with no closure made to embed actions it never sends.
    func cancelsOnly<Other>() -> Effect<Other> { Effect<Other>(nil, cancelling: cancellation) }

    /// This effect with every task it starts (and the tasks those start in turn) running
    /// `work` inside `wrap`: how a presented child's effects get their `dismiss`.
    func wrappingTasks(_ wrap: @escaping EffectRunner<Action>.TaskWrapper) -> Self {
        guard let operation else { return self }
        return Self({ runner in operation(runner.wrappingTasks(wrap)) }, cancelling: cancellation)
    }

    /// This effect as the effect of a feature one step below the current one in the tree:
    /// the ids it makes cancellable, or cancels, are that feature's. The step's `EffectID`
    /// is made only when the effect runs and needs it, not on every action that passes.
    func within<Step: Hashable & Sendable>(_ step: Step) -> Self {
        var entered: Operation?
        if let operation { entered = { runner in operation(runner.entering(EffectID(step))) } }
        var enteredCancellation: Cancellation?
        if let cancellation {
            enteredCancellation = { registry, path in
                if !registry.isEmpty { cancellation(registry, path + [EffectID(step)]) }
            }
        }
        return Self(entered, cancelling: enteredCancellation)
    }
}
