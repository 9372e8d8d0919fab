/// Work a reducer asks for after it has changed state: nothing, an action to send at once,
/// or asynchronous work that may send actions back, and the ways to combine and cancel them.
///
/// ```swift
/// case .replayTapped:
///   return .run { [kana = state.question.kana] send in
///     try await speech.speak(kana)
///     await send(.playbackFinished)
///   }
///   .cancellable(id: CancelID.playback, cancelInFlight: true)
/// ```
public struct Effect<Action> {
    @usableFromInline
    typealias Work = nonisolated(nonsending) @Sendable (Send<Action>) async -> Void

    /// An effect is one reference (none at all for `.none`): reducers pass effects up through
    /// every level of the tree on every action, and a reference is copied with a retain where
    /// an inline action payload is copied through the enum's value witnesses. The cases whose
    /// payload is not one reference are boxed (`indirect`); the others (the work, an array,
    /// an id) are stored as they are, with no box around them.
    @usableFromInline
    enum Operation {
        case none
        indirect case send(Action)
        case run(EffectWork<Action>)
        case merge([Effect<Action>])
        case concatenate([Effect<Action>])
        indirect case cancellable(id: EffectID, cancelInFlight: Bool, Effect<Action>)
        case cancel(id: EffectID)
    }

    @usableFromInline let operation: Operation

    @inlinable
    init(_ operation: Operation) { self.operation = operation }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}

extension Effect {
    /// No work.
    @inlinable
    public static var none: Self { Self(.none) }

    /// Sends `action` back into the store straight after the current action, before any
    /// asynchronous work. Prefer calling shared logic directly; this is for the rare case
    /// where another reducer (a parent) must see the action.
    @inlinable
    public static func send(_ action: Action) -> Self { Self(.send(action)) }

    /// Asynchronous work that may send actions back with `send`.
    ///
    /// The work sees the dependencies in force where the effect was made (the store's, or a
    /// reducer's `withDependencies` override). An error thrown by `operation` goes to
    /// `handler` when one is given; cancellation is never reported as an error; any other
    /// error is reported as a runtime warning.
    ///
    /// The work starts on the store's actor (the main actor) and stays there until it awaits
    /// something that runs elsewhere, so sending actions back costs no thread switch. So
    /// blocking work belongs in a client that runs off the main actor, and an effect that
    /// only sends, in a long loop, keeps the store's actor busy until it awaits something
    /// else. Swift 6.3.1 does not infer this for a closure with a capture list
    /// (`{ [x] send in … }`): that one starts on the global executor, which is correct, only
    /// slower.
    ///
    /// The work begins when the store's actor is next free, or when something awaits it
    /// (`StoreTask.finish()`) before then, not during `send`: effects launched meanwhile begin
    /// in launch order, with or without a `priority`. Work cancelled before it begins (a
    /// `cancelInFlight` effect superseded by the next action, say) never does, so work that
    /// must happen once asked for belongs in an effect nobody cancels. Do not pass values to
    /// effects in task-locals set around `send`: an effect runs with the dependencies it was
    /// made with and, in a presented child, its `dismiss`; other task-locals are those of
    /// whichever send began its batch, or of the task that awaited it first.
    public static func run(
        priority: TaskPriority? = nil,
        operation: nonisolated(nonsending) @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
        catch handler: (nonisolated(nonsending) @Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Self {
        Self(.run(ReportingWork(
            priority: priority, operation: operation, catch: handler, dependencies: DependencyValues.current,
            fileID: fileID, line: line)))
    }

    /// All of `effects` at once.
    @inlinable
    public static func merge(_ effects: Self...) -> Self { merge(effects) }

    /// All of `effects` at once.
    @inlinable
    public static func merge(_ effects: [Self]) -> Self {
        let work = effects.filter { !$0.isNone }
        switch work.count {
        case 0: return .none
        case 1: return work[0]
        default: return Self(.merge(work))
        }
    }

    /// `effects` one after the other, each starting when the one before has finished.
    @inlinable
    public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

    /// `effects` one after the other, each starting when the one before has finished.
    @inlinable
    public static func concatenate(_ effects: [Self]) -> Self {
        let work = effects.filter { !$0.isNone }
        switch work.count {
        case 0: return .none
        case 1: return work[0]
        default: return Self(.concatenate(work))
        }
    }

    /// This effect and `other` at once.
    @inlinable
    public func merge(with other: Self) -> Self {
        if isNone { return other }
        if other.isNone { return self }
        return Self(.merge([self, other]))
    }

    /// This effect, then `other`.
    @inlinable
    public func concatenate(with other: Self) -> Self {
        Self.concatenate([self, other])
    }

    /// Makes this effect cancellable by `Effect.cancel(id:)`; with `cancelInFlight`, starting
    /// it first cancels any effect already running under the same id.
    @inlinable
    public func cancellable<ID: Hashable & Sendable>(id: ID, cancelInFlight: Bool = false) -> Self {
        if isNone && !cancelInFlight { return self }
        return Self(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
    }

    /// Cancels every running effect made cancellable with `id`.
    @inlinable
    public static func cancel<ID: Hashable & Sendable>(id: ID) -> Self {
        Self(.cancel(id: EffectID(id)))
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
        return Self.concatenate([
            Self(.run(ClosureWork { _ in try? await clock.sleep(for: duration) })),
            self,
        ])
        .cancellable(id: id, cancelInFlight: true)
    }

    /// Turns the actions this effect sends into another type; how a child's effects become
    /// its parent's.
    @inlinable
    public func map<Other>(_ transform: @escaping @Sendable (Action) -> Other) -> Effect<Other> {
        switch operation {
        case .none:
            return .none
        case let .send(action):
            return .send(transform(action))
        case let .run(work):
            // The ids the work carries (see `CarriedIDs`) stay as they were: a map scopes none.
            return Effect<Other>(.run(EmbeddedWork(work, transform: transform, dismissal: nil, carrying: work.carried)))
        case let .merge(effects):
            return Effect<Other>(.merge(effects.map { $0.map(transform) }))
        case let .concatenate(effects):
            return Effect<Other>(.concatenate(effects.map { $0.map(transform) }))
        case let .cancellable(id, cancelInFlight, effect):
            return Effect<Other>(.cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
        case let .cancel(id):
            return Effect<Other>(.cancel(id: id))
        }
    }

    /// This effect as its parent sees it: its actions embedded by `transform`; the ids it makes
    /// cancellable, or cancels, put under `scope`, so that a child feature's ids never meet
    /// its parent's, a sibling's, or another copy of itself; for a presented child,
    /// `dismiss()` inside its work sending `dismissal`; and, given `cancellableBy`, all of it
    /// made cancellable by that id (the child's effects as a whole: `.cancellable(id:)`).
    ///
    /// One pass, one new node per node. A quiz's speech comes through here on every question:
    /// the work under one id, the commonest shape, becomes one new work that carries its
    /// scoped id and `cancellableBy` itself (`CarriedIDs`), where a box for each id was two
    /// more allocations, and frees, per question.
    ///
    /// `scopedIDs`, when given, remembers the last id put under `scope`: a child that
    /// speaks on every question makes its id under the same scope each time.
    @inlinable
    func embedded<Parent>(
        _ transform: @escaping @Sendable (Action) -> Parent, scope: EffectID,
        dismissal: (@MainActor @Sendable (Send<Parent>) -> Void)? = nil, scopedIDs: ScopedIDMemo? = nil,
        cancellableBy outer: EffectID? = nil
    ) -> Effect<Parent> {
        let embedded: Effect<Parent>
        switch operation {
        case .none, .send:
            embedded = map(transform)
        case let .run(work):
            if work.carried.count < 2 {
                // The one id it may carry is the child's own (its own child's effects, named by
                // the presentation they came through): under `scope` it is the inner one now.
                let own = work.carried.only
                let carried = CarriedIDs(
                    inner: own.map { Self.scoped($0.id, under: scope, scopedIDs) },
                    cancelsInFlight: own?.cancelsInFlight ?? false, outer: outer)
                return Effect<Parent>(.run(EmbeddedWork(work, transform: transform, dismissal: dismissal, carrying: carried)))
            }
            // Work that carries two ids already: they go back into boxes, scoped, the inner
            // inside the outer.
            let bare = Effect<Parent>(.run(EmbeddedWork(work, transform: transform, dismissal: dismissal)))
            let inner = Effect<Parent>(.cancellable(
                id: Self.scoped(work.carried.inner!, under: scope, scopedIDs), cancelInFlight: work.carried.innerCancelsInFlight,
                bare))
            embedded = Effect<Parent>(.cancellable(
                id: Self.scoped(work.carried.outer!, under: scope, scopedIDs), cancelInFlight: false, inner))
        case let .merge(effects):
            embedded = Effect<Parent>(.merge(effects.map {
                $0.embedded(transform, scope: scope, dismissal: dismissal, scopedIDs: scopedIDs)
            }))
        case let .concatenate(effects):
            embedded = Effect<Parent>(.concatenate(effects.map {
                $0.embedded(transform, scope: scope, dismissal: dismissal, scopedIDs: scopedIDs)
            }))
        case let .cancellable(id, cancelInFlight, effect):
            if case let .run(work) = effect.operation, work.carried.count == 0 {
                let carried = CarriedIDs(inner: Self.scoped(id, under: scope, scopedIDs), cancelsInFlight: cancelInFlight, outer: outer)
                return Effect<Parent>(.run(EmbeddedWork(work, transform: transform, dismissal: dismissal, carrying: carried)))
            }
            embedded = Effect<Parent>(.cancellable(
                id: Self.scoped(id, under: scope, scopedIDs), cancelInFlight: cancelInFlight,
                effect.embedded(transform, scope: scope, dismissal: dismissal, scopedIDs: scopedIDs)))
        case let .cancel(id):
            embedded = Effect<Parent>(.cancel(id: Self.scoped(id, under: scope, scopedIDs)))
        }
        guard let outer else { return embedded }
        return embedded.cancellable(id: outer)
    }

    /// `id` as seen from outside the child: under `scope`.
    @inlinable
    static func scoped(_ id: EffectID, under scope: EffectID, _ memo: ScopedIDMemo?) -> EffectID {
        guard let memo else { return EffectID(ScopedEffectID(scope: scope, id: id)) }
        if let scoped = memo.scoped(id, under: scope) { return scoped }
        let scoped = EffectID(ScopedEffectID(scope: scope, id: id))
        memo.last = (id, scope, scoped)
        return scoped
    }

    @inlinable
    var isNone: Bool {
        if case .none = operation { return true }
        return false
    }
}

/// The asynchronous work of a `.run` effect, and the priority its task is to have: one object
/// holding what the work needs, where a closure around a closure was two or three.
@usableFromInline
class EffectWork<Action>: @unchecked Sendable {
    // Unchecked: subclasses hold only sendable values and `@Sendable` closures, all immutable.
    @usableFromInline let priority: TaskPriority?
    /// The ids the effect is cancellable by, when the work carries them itself rather than
    /// boxes around it: only work `embedded` makes, as it makes it.
    @usableFromInline let carried: CarriedIDs

    @inlinable
    init(priority: TaskPriority?, carrying carried: CarriedIDs = CarriedIDs()) {
        self.priority = priority
        self.carried = carried
    }

    /// Does the work on the caller's executor (the store's actor), sending actions with `send`.
    @usableFromInline
    nonisolated(nonsending) func run(_ send: Send<Action>) async {
        preconditionFailure("EffectWork.run is overridden by every kind of work")
    }
}

/// A reducer's `Effect.run`: the operation under the dependencies in force where it was made,
/// its errors handled as `run` describes.
@usableFromInline
final class ReportingWork<Action>: EffectWork<Action>, @unchecked Sendable {
    @usableFromInline let operation: nonisolated(nonsending) @Sendable (Send<Action>) async throws -> Void
    @usableFromInline let handler: (nonisolated(nonsending) @Sendable (any Error, Send<Action>) async -> Void)?
    @usableFromInline let dependencies: DependencyValues
    @usableFromInline let fileID: StaticString
    @usableFromInline let line: UInt

    @usableFromInline
    init(
        priority: TaskPriority?,
        operation: nonisolated(nonsending) @escaping @Sendable (Send<Action>) async throws -> Void,
        catch handler: (nonisolated(nonsending) @Sendable (any Error, Send<Action>) async -> Void)?,
        dependencies: DependencyValues, fileID: StaticString, line: UInt
    ) {
        self.operation = operation
        self.handler = handler
        self.dependencies = dependencies
        self.fileID = fileID
        self.line = line
        super.init(priority: priority)
    }

    @usableFromInline
    override nonisolated(nonsending) func run(_ send: Send<Action>) async {
        await DependencyValues.$ofTask.withValue(dependencies, keepingExecutor: {
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
        })
    }
}

/// Work given as a closure, for the runtime's own effects (a debounce's wait).
@usableFromInline
final class ClosureWork<Action>: EffectWork<Action>, @unchecked Sendable {
    @usableFromInline let body: Effect<Action>.Work

    @inlinable
    init(priority: TaskPriority? = nil, _ body: @escaping Effect<Action>.Work) {
        self.body = body
        super.init(priority: priority)
    }

    @usableFromInline
    override nonisolated(nonsending) func run(_ send: Send<Action>) async {
        await body(send)
    }
}

/// A child's work as its parent sees it: the actions it sends embedded by `transform`, and,
/// for a presented child, `dismiss()` inside it calling `dismissal` with the parent's `send`.
@usableFromInline
final class EmbeddedWork<Child, Action>: EffectWork<Action>, @unchecked Sendable {
    @usableFromInline let child: EffectWork<Child>
    @usableFromInline let transform: @Sendable (Child) -> Action
    @usableFromInline let dismissal: (@MainActor @Sendable (Send<Action>) -> Void)?

    @inlinable
    init(
        _ child: EffectWork<Child>, transform: @escaping @Sendable (Child) -> Action,
        dismissal: (@MainActor @Sendable (Send<Action>) -> Void)?, carrying carried: CarriedIDs = CarriedIDs()
    ) {
        self.child = child
        self.transform = transform
        self.dismissal = dismissal
        super.init(priority: child.priority, carrying: carried)
    }

    @usableFromInline
    override nonisolated(nonsending) func run(_ send: Send<Action>) async {
        let transform = transform
        let childSend = Send<Child> { action in send(transform(action)) }
        guard let dismissal else { return await child.run(childSend) }
        await DismissEffect.$presentation.withValue(
            DismissEffect.Presentation { await dismissal(send) },
            keepingExecutor: { await child.run(childSend) })
    }
}

/// The ids a `.run` effect's work carries itself, the same as `.cancellable` boxes around it
/// (`run.cancellable(id: inner, cancelInFlight: …).cancellable(id: outer)`) without the
/// boxes: a presented child's speech carries its own id, scoped, and its presentation's.
@usableFromInline
struct CarriedIDs {
    /// The child's own id, under its scope, and whether starting the effect cancels what
    /// already runs under it.
    @usableFromInline let inner: EffectID?
    @usableFromInline let innerCancelsInFlight: Bool
    /// The id naming all of a child's effects (its presentation's, its element's): starting
    /// one never cancels the others.
    @usableFromInline let outer: EffectID?

    @inlinable
    init(inner: EffectID? = nil, cancelsInFlight: Bool = false, outer: EffectID? = nil) {
        self.inner = inner
        self.innerCancelsInFlight = cancelsInFlight
        self.outer = outer
    }

    /// How many ids it carries.
    @inlinable
    var count: Int { (inner == nil ? 0 : 1) + (outer == nil ? 0 : 1) }

    /// The one id it carries, when it carries exactly one.
    @inlinable
    var only: (id: EffectID, cancelsInFlight: Bool)? {
        switch (inner, outer) {
        case let (inner?, nil): (inner, innerCancelsInFlight)
        case let (nil, outer?): (outer, false)
        default: nil
        }
    }
}
