/// The identity of a cancellable effect: any hashable, sendable value, type included, so
/// that equal values of different types are different ids.
///
/// ```swift
/// enum CancelID { case timer }
/// return .cancel(id: CancelID.timer)   // wrapped in an EffectID for you
/// ```
public struct EffectID: Hashable, @unchecked Sendable {
    // Safe: built only from values that are Sendable (see the initialiser), and immutable.
    @usableFromInline let storage: EffectIDStorage

    @inlinable
    public init<ID: Hashable & Sendable>(_ id: ID) {
        storage = TypedEffectIDStorage(id)
    }

    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage.hash == rhs.storage.hash && lhs.storage.isEqual(to: rhs.storage)
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.hash)
    }
}

/// An id's value, with what comparing it needs worked out once. The runtime looks ids up on
/// every effect it starts or cancels, and an id seen from a parent nests ids (a scope, a
/// presentation, the child's own): hashed and compared through AnyHashable at each level,
/// with dynamic casts, that cost more than the rest of starting the effect.
///
/// Ids compare as `AnyHashable`s do (so `1 as Int` and `1 as UInt8` are one id, as before);
/// two ids of one type compare with the type's own `==`, without casts.
@usableFromInline
class EffectIDStorage {
    @usableFromInline let base: AnyHashable
    /// `base.hashValue`.
    @usableFromInline let hash: Int

    @inlinable
    init(base: AnyHashable) {
        self.base = base
        self.hash = base.hashValue
    }

    @inlinable
    func isEqual(to other: EffectIDStorage) -> Bool {
        base == other.base
    }
}

@usableFromInline
final class TypedEffectIDStorage<ID: Hashable>: EffectIDStorage {
    @usableFromInline let id: ID

    @inlinable
    init(_ id: ID) {
        self.id = id
        super.init(base: AnyHashable(id))
    }

    @inlinable
    override func isEqual(to other: EffectIDStorage) -> Bool {
        // `self` is exactly this class (it is final): comparing metatypes is a pointer compare.
        guard type(of: other) == type(of: self) else { return base == other.base }
        return id == unsafeDowncast(other, to: TypedEffectIDStorage<ID>.self).id
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
