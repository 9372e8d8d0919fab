/// The identity of a cancellable effect: any hashable, sendable value, type included, so
/// that equal values of different types are different ids (`1`, `1 as UInt8` and
/// `Optional(1)` are three ids; cancel with a value of the type the effect was made with).
/// An `EffectID` given where an id is asked for is that id, not a new one around it.
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
        // An id that is already an `EffectID` (a presentation's, passed to `cancellable`) is
        // itself, not a new box around it: the check is decided when `ID` is known.
        if ID.self == EffectID.self {
            self = unsafeBitCast(id, to: EffectID.self)
        } else {
            storage = TypedEffectIDStorage(id)
        }
    }

    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        // One id made once and used again (a presentation's, say) is the same storage: that is
        // checked first, before comparing the values (key paths, for a child's ids).
        lhs.storage === rhs.storage || lhs.storage.hash == rhs.storage.hash && lhs.storage.isEqual(to: rhs.storage)
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.hash)
    }

    /// The dictionaries of running effects hash an id on every effect started, cancelled or
    /// ended: the stored hash, already mixed by a `Hasher` when the id was made, with the
    /// dictionary's seed, not hashed again each time.
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
        storage.hash ^ seed
    }
}

/// An id's value, with its hash worked out once. The runtime looks ids up on every effect
/// it starts or cancels, and an id seen from a parent nests ids (a scope, a presentation, the
/// child's own). Through `AnyHashable`, each level cost a box and a conformance cast on
/// every question a quiz spoke; here an id is its value and the hash of its type and value.
///
/// Ids of different types are different ids, as `EffectID` promises (`AnyHashable` would
/// have made `1 as Int` and `1 as UInt8` one id); two ids of one type compare with the
/// type's own `==`.
@usableFromInline
class EffectIDStorage {
    @usableFromInline let hash: Int

    @inlinable
    init(hash: Int) { self.hash = hash }

    @inlinable
    func isEqual(to other: EffectIDStorage) -> Bool { false }
}

@usableFromInline
final class TypedEffectIDStorage<ID: Hashable>: EffectIDStorage {
    @usableFromInline let id: ID

    @inlinable
    init(_ id: ID) {
        self.id = id
        var hasher = Hasher()
        hasher.combine(ObjectIdentifier(ID.self))
        hasher.combine(id)
        super.init(hash: hasher.finalize())
    }

    @inlinable
    override func isEqual(to other: EffectIDStorage) -> Bool {
        // `self` is exactly this class (it is final): comparing metatypes is a pointer compare.
        guard type(of: other) == type(of: self) else { return false }
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

/// The last id a child's effects were scoped by, kept by a reducer that embeds the same
/// child's effects over and over (a presentation): the scoped id is made, and hashed, again
/// only when the child's id or the scope changes. Confined to the store that reduces with it.
@usableFromInline
final class ScopedIDMemo {
    @exclusivity(unchecked) @usableFromInline var last: (id: EffectID, scope: EffectID, scoped: EffectID)?

    @inlinable
    init() {}

    /// The id last put under `scope` when it was `id`. Compared where it is kept, not copied
    /// out first: a copy of the three ids was three retains and releases per question.
    @inlinable
    func scoped(_ id: EffectID, under scope: EffectID) -> EffectID? {
        guard last?.scope.storage === scope.storage, last?.id == id else { return nil }
        return last?.scoped
    }
}
