/// The identity of a cancellable effect: any hashable, sendable value, type included, so
/// that equal values of different types are different ids.
///
/// ```swift
/// enum CancelID { case timer }
/// return .cancel(id: CancelID.timer)   // wrapped in an EffectID for you
/// ```
public struct EffectID: Hashable, @unchecked Sendable {
    // Safe: built only from values that are Sendable (see the initialiser).
    @usableFromInline let base: AnyHashable

    @inlinable
    public init<ID: Hashable & Sendable>(_ id: ID) {
        self.base = AnyHashable(id)
    }
}

/// An effect id as seen from outside the child feature that declared it.
@usableFromInline
struct ScopedEffectID: Hashable, Sendable {
    @usableFromInline let scope: EffectID
    @usableFromInline let id: EffectID

    @inlinable
    init(scope: EffectID, id: EffectID) {
        self.scope = scope
        self.id = id
    }
}
