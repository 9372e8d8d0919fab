/// The identity of a cancellable effect: any hashable, sendable value, its type included, so
/// that equal values of different types are different ids (`1` and `1 as UInt8` are two ids).
/// An `EffectID` given where an id is asked for is that id, not a new one around it.
///
/// ```swift
/// enum CancelID { case timer }
/// return .cancel(id: CancelID.timer)   // wrapped in an EffectID for you
/// ```
public struct EffectID: Hashable, @unchecked Sendable {
    // Unchecked: made only from `Sendable` values (see the initialiser), and immutable.
    let type: ObjectIdentifier
    let value: AnyHashable

    public init<ID: Hashable & Sendable>(_ id: ID) {
        if ID.self == EffectID.self, let id = id as? EffectID {
            self = id
        } else {
            type = ObjectIdentifier(ID.self)
            value = AnyHashable(id)
        }
    }
}

/// Where a feature sits in the tree of features, as the steps from the store's root to it:
/// the place its cancellation ids belong to. `Scope`, `ifLet` and `forEach` add a step as
/// they pass a child's effects up, so that a child's ids are its own.
typealias EffectPath = [EffectID]
