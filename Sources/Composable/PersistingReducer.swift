extension Reducer {
    /// Saves the value at `keyPath` whenever it changes, once changes have stopped for
    /// `debounce` (a burst of edits is one save of the last value), and reports a failed save
    /// as the action `failed` makes.
    ///
    /// Put it on the feature whose state outlives the edits: a presented child's value kept in
    /// its parent is saved even when the child is dismissed while a save waits, because
    /// dismissing cancels the child's effects, not the parent's.
    ///
    /// ```swift
    /// Reduce { state, action in ... }
    ///   .persisting(\.speech, debounce: .milliseconds(250)) { speech in
    ///     try await settings.saveSpeech(speech)
    ///   } failed: { .saveFailed($0.localizedDescription) }
    /// ```
    @inlinable
    public func persisting<Value: Equatable & Sendable>(
        _ keyPath: KeyPath<State, Value> & Sendable,
        debounce: Duration,
        save: @escaping @Sendable (Value) async throws -> Void,
        failed: @escaping @Sendable (any Error) -> Action
    ) -> PersistingReducer<Self, Value> where Action: Sendable {
        PersistingReducer(base: self, keyPath: keyPath, debounce: debounce, save: save, failed: failed)
    }
}

/// The reducer `persisting(_:debounce:save:failed:)` builds.
public struct PersistingReducer<Base: Reducer, Value: Equatable & Sendable>: Reducer where Base.Action: Sendable {
    @usableFromInline let base: Base
    @usableFromInline let configuration: Configuration

    @inlinable
    init(
        base: Base, keyPath: KeyPath<Base.State, Value> & Sendable, debounce: Duration,
        save: @escaping @Sendable (Value) async throws -> Void,
        failed: @escaping @Sendable (any Error) -> Base.Action
    ) {
        self.base = base
        self.configuration = Configuration(field: ReadOnlyFieldPath(keyPath), debounce: debounce, save: save, failed: failed)
    }

    @inlinable
    public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
        configuration.reduce(into: &state, action: action, base: base.reduce(into:action:), seen: LastSeen())
    }

    /// Makes the base once, not on every action: see `Reducer._makeReduce()`.
    @inlinable
    public func _makeReduce() -> (inout Base.State, Base.Action) -> Effect<Base.Action> {
        let reduceBase = base._makeReduce()
        let configuration = configuration
        // Each function made here remembers the value as the last action it reduced left it,
        // and compares with that in place, before and after: holding a copy of the value
        // across every action (a retain and a release of a settings box) was a tenth of
        // sending an action through Kazu's tree. Only a changed value is copied.
        let seen = LastSeen()
        return { configuration.reduce(into: &$0, action: $1, base: reduceBase, seen: seen) }
    }

    /// The value as the last action a `_makeReduce` function reduced left it.
    @usableFromInline
    final class LastSeen {
        @exclusivity(unchecked) @usableFromInline var value: Value?

        @inlinable
        init() {}
    }

    /// Everything running this reducer needs besides the reducers it runs, in one reference:
    /// the function `_makeReduce` returns holds this, not the whole reducer, which each call
    /// would copy out of the closure (hundreds of bytes, and a retain for each closure inside).
    @usableFromInline
    final class Configuration {
        @usableFromInline let field: ReadOnlyFieldPath<Base.State, Value>
        @usableFromInline let debounce: Duration
        @usableFromInline let save: @Sendable (Value) async throws -> Void
        @usableFromInline let failed: @Sendable (any Error) -> Base.Action

        @inlinable
        init(
            field: ReadOnlyFieldPath<Base.State, Value>, debounce: Duration, save: @escaping @Sendable (Value) async throws -> Void,
            failed: @escaping @Sendable (any Error) -> Base.Action
        ) {
            self.field = field
            self.debounce = debounce
            self.save = save
            self.failed = failed
        }

        /// Runs the base, and saves the field when it differs from the value the last action
        /// left (`seen`, checked first, in place, to be what the state still holds). A `seen`
        /// made for this action alone compares with a copy taken before it.
        @inlinable
        func reduce(
            into state: inout Base.State, action: Base.Action,
            base reduceBase: (inout Base.State, Base.Action) -> Effect<Base.Action>, seen: LastSeen
        ) -> Effect<Base.Action> {
            // The function may run on more than one value (a child under `ifLet` presented
            // anew, an element of a stack, a field its parent changed): start from this one.
            if seen.value == nil || !field.read(&state, { $0 == seen.value }) { seen.value = field.value(in: &state) }
            let effect = reduceBase(&state, action)
            if field.read(&state, { $0 == seen.value }) { return effect }
            let after = field.value(in: &state)
            seen.value = after
            return effect.merge(with: saving(after))
        }

        /// Saves `value` once no other change comes within the debounce.
        @inlinable
        func saving(_ value: Value) -> Effect<Base.Action> {
            let save = save, failed = failed
            return Effect<Base.Action>.run { _ in
                try await save(value)
            } catch: { error, send in
                await send(failed(error))
            }
            .debounce(id: PersistID(keyPath: field.keyPath), for: debounce, clock: DependencyValues.current.clock)
        }
    }
}

/// Names the pending save of one persisted field.
@usableFromInline
struct PersistID: Hashable, @unchecked Sendable {
    // Key paths are immutable; sharing one across threads is safe.
    @usableFromInline let keyPath: AnyKeyPath

    @inlinable
    init(keyPath: AnyKeyPath) { self.keyPath = keyPath }
}
