/// The effects started by one `send`: await `finish()` to wait for them, or cancel them.
///
/// ```swift
/// await store.send(.factTapped).finish()   // the fact has arrived
/// ```
public struct StoreTask: Hashable, Sendable {
    /// Nil when the send started no asynchronous effect.
    @usableFromInline let effects: StartedEffects?

    @inlinable
    init(_ effects: StartedEffects?) { self.effects = effects }

    /// Waits until the effects have ended. A `.run` effect cancelled by its id before it began
    /// (superseded by a later send's `cancelInFlight` effect) has left them: there is nothing
    /// to wait for.
    @inlinable
    public nonisolated(nonsending) func finish() async {
        await effects?.waitForEffects()
    }

    /// Cancels the effects; called on the main actor, before any of them runs again.
    public func cancel() {
        effects?.cancel()
    }

    /// Whether the effects were cancelled (true when there were none).
    public var isCancelled: Bool { effects?.isCancelled ?? true }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.effects === rhs.effects }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(effects.map(ObjectIdentifier.init))
    }
}
