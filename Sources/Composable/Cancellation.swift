extension Effect {
    /// Makes this effect cancellable by `Effect.cancel(id:)`; with `cancelInFlight`, starting
    /// it first cancels any effect already running under the same id.
    ///
    /// The id belongs to the feature whose effect this is (its place in the tree, which
    /// `Scope`, `ifLet` and `forEach` mark as they pass a child's effects up): a parent, a
    /// sibling or another copy of the same child using an equal id has another id.
    public func cancellable<ID: Hashable & Sendable>(id: ID, cancelInFlight: Bool = false) -> Self {
        registered(id: id, cancelInFlight: cancelInFlight)
    }

    /// Cancels every running effect made cancellable with `id` by this feature.
    public static func cancel<ID: Hashable & Sendable>(id: ID) -> Self {
        let id = EffectID(id)
        let cancellation: Cancellation = { registry, path in registry.cancel(CancellationRegistry.Key(path: path, id: id)) }
        return Self(nil, cancelling: cancellation)
    }

    /// This effect with every task it starts registered under `id` in the feature it runs in.
    func registered<ID: Hashable & Sendable>(id: ID, cancelInFlight: Bool = false) -> Self {
        let inFlight: Cancellation? = cancelInFlight ? Self.cancel(id: id).cancellation : nil
        var registering: Operation?
        if let operation {
            registering = { runner in
                operation(runner.registering(under: CancellationRegistry.Key(path: runner.path, id: EffectID(id))))
            }
        }
        return Self(registering, cancelling: Self.joined(cancellation, inFlight))
    }

    /// Cancels the effects of every feature one step below this one whose step `isGone`
    /// picks, given `kept`: a dismissed presentation, the elements a stack no longer has.
    /// `isGone` captures nothing, so that the effect is one closure made per action.
    static func cancelFeatures<Kept: Sendable>(
        keeping kept: Kept, where isGone: @escaping @Sendable (EffectID, Kept) -> Bool
    ) -> Self {
        Self(nil) { registry, path in registry.cancelFeatures(below: path) { isGone($0, kept) } }
    }

    /// This effect of a child that `removal` ends, with the cancels of `removal` run again
    /// after its operation: cancels run before operations, so the work a child starts on the
    /// action that removes it would outlive it. Cancelled at once, that work never begins.
    func ended(by removal: Self) -> Self {
        guard operation != nil, let cancellation = removal.cancellation else { return self }
        return merge(with: Self { runner in cancellation(runner.cancellations, runner.path) })
    }
}

/// A store's running tasks by the id and the place in the tree they were made cancellable
/// with. Operations register a task when they start it and cancel by key; a task leaves
/// when it ends.
@MainActor
final class CancellationRegistry: Sendable {
    /// An id, and the feature it belongs to.
    struct Key: Hashable, Sendable {
        let path: EffectPath
        let id: EffectID
    }

    private var running: [Key: [RunningEffect]] = [:]

    nonisolated init() {}

    /// Whether no task is registered: nothing to cancel.
    var isEmpty: Bool { running.isEmpty }

    func register(_ effect: RunningEffect, under key: Key) {
        running[key, default: []].append(effect)
        effect.whenEnded.append { [weak self, weak effect] in
            guard let self, let effect, var effects = self.running[key] else { return }
            effects.removeAll { $0 === effect }
            self.running[key] = effects.isEmpty ? nil : effects
        }
    }

    /// Cancels the tasks registered under `key`.
    func cancel(_ key: Key) {
        guard let effects = running.removeValue(forKey: key) else { return }
        for effect in effects { effect.cancel() }
    }

    /// Cancels the tasks of every feature under `path` whose next step `isGone` picks.
    func cancelFeatures(below path: EffectPath, where isGone: (EffectID) -> Bool) {
        let depth = path.count
        for key in running.keys where key.path.count > depth && key.path.starts(with: path) && isGone(key.path[depth]) {
            cancel(key)
        }
    }
}
