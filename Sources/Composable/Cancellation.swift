extension Effect {
    /// Makes this effect cancellable by `Effect.cancel(id:)`; with `cancelInFlight`, starting
    /// it first cancels any effect already running under the same id.
    ///
    /// The id belongs to the feature that made the effect (its place in the tree, which
    /// `Scope`, `ifLet` and `forEach` mark): a parent, a sibling or another copy of the same
    /// child using an equal id has another id.
    public func cancellable<ID: Hashable & Sendable>(id: ID, cancelInFlight: Bool = false) -> Self {
        registered(under: CancellationRegistry.Key(path: EffectPath.current, id: EffectID(id)), cancelInFlight: cancelInFlight)
    }

    /// Cancels every running effect made cancellable with `id` by this feature.
    public static func cancel<ID: Hashable & Sendable>(id: ID) -> Self {
        let key = CancellationRegistry.Key(path: EffectPath.current, id: EffectID(id))
        return Self([{ runner in runner.cancellations.cancel(key) }])
    }

    /// This effect with every task it starts registered under `key`.
    func registered(under key: CancellationRegistry.Key, cancelInFlight: Bool = false) -> Self {
        var operations: [Operation] = operations.map { operation in
            { runner in operation(runner.registering(under: key)) }
        }
        if cancelInFlight { operations.insert({ runner in runner.cancellations.cancel(key) }, at: 0) }
        return Self(operations)
    }

    /// Cancels the effects of every feature one step below the current one whose step
    /// `isGone` picks: a dismissed presentation, the elements a stack no longer has.
    static func cancelFeatures(below path: EffectPath, where isGone: @escaping @Sendable (EffectID) -> Bool) -> Self {
        Self([{ runner in runner.cancellations.cancelFeatures(below: path, where: isGone) }])
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
    /// Registrations made while an effect is being started, held back until it has started.
    private var pending: [(RunningEffect, Key)]?

    nonisolated init() {}

    /// Runs `start`, which starts one effect, holding back the registrations it makes until
    /// it returns: the cancels of an effect reach what ran before it, never its own new work.
    func startingEffect(_ start: () -> Void) {
        guard pending == nil else { return start() }
        pending = []
        start()
        let registrations = pending ?? []
        pending = nil
        for (effect, key) in registrations { register(effect, under: key) }
    }

    func register(_ effect: RunningEffect, under key: Key) {
        if pending != nil { return pending!.append((effect, key)) }
        running[key, default: []].append(effect)
        effect.onEnd { [weak self, weak effect] in
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
        let depth = path.steps.count
        for key in running.keys
        where key.path.steps.count > depth && key.path.steps.starts(with: path.steps) && isGone(key.path.steps[depth]) {
            cancel(key)
        }
    }
}
