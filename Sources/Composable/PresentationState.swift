import Synchronization

/// The state of a feature a parent presents (a sheet, in-session settings): the child's
/// state while it is shown, nil when it is not. Declare it as a property wrapper and compose
/// with `ifLet(\.$settings, action: \.settings)`.
///
/// Assigning a value presents a new child: if another was presented, its effects end. To
/// change what a presented child shows, send it an action.
///
/// Swift's synthesized `$settings` accessor copies the presentation on every write, so a
/// child whose state grows (a quiz's answers) is better stored as the presentation itself,
/// with a computed optional beside it: `var destinationPresentation = PresentationState<Destination.State>(wrappedValue: nil)`
/// and `ifLet(\.destinationPresentation, action: \.destination)`; then it is changed in place.
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var settings: Settings.State?
/// }
/// state.settings = Settings.State(topic: topic)   // presents
/// state.settings = nil                            // dismisses; its effects are cancelled
/// ```
@propertyWrapper
public struct PresentationState<State> {
    /// The child's state lives in a box, so that reading which presentation this is, or
    /// passing the parent's state around, copies a reference and not the child (a quiz with
    /// its answers); the box is copied only when it is shared and about to change.
    var storage: Storage?

    final class Storage {
        /// Which presentation this is: new for every value assigned.
        let id: UInt64
        /// Changed only once no other value shares the box (copy on write).
        var state: State

        init(id: UInt64, state: State) {
            self.id = id
            self.state = state
        }
    }

    public init(wrappedValue: State?) {
        storage = wrappedValue.map { Storage(id: Self.newID(), state: $0) }
    }

    /// The presented child's state, or nil.
    public var wrappedValue: State? {
        get { storage?.state }
        set { storage = newValue.map { Storage(id: Self.newID(), state: $0) } }
    }

    /// The presentation itself, for `ifLet(\.$settings, ...)`. Changed in place, so that a
    /// presented child's arrays are not copied on every action that reaches it.
    public var projectedValue: Self {
        get { self }
        _modify { yield &self }
    }

    /// Identifies the current presentation; nil when nothing is presented.
    var id: UInt64? { storage?.id }

    /// The presented child's state, changed in place: copied first only when another value
    /// shares it. Only for a presentation that is there.
    var presentedState: State {
        get { storage!.state }
        _modify {
            if !isKnownUniquelyReferenced(&storage) {
                storage = Storage(id: storage!.id, state: storage!.state)
            }
            yield &storage!.state
        }
    }

    static func newID() -> UInt64 {
        presentationIDs.add(1, ordering: .relaxed).newValue
    }
}

private let presentationIDs = Atomic<UInt64>(0)

extension PresentationState: Equatable where State: Equatable {
    // Equal when they present equal states: which presentation it is does not show in tests.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension PresentationState: Sendable where State: Sendable {}
// The box is changed only while no other value shares it (copy on write), so a value that
// crosses to another thread never sees a change made here.
extension PresentationState.Storage: @unchecked Sendable where State: Sendable {}

extension PresentationState: CustomReflectable {
    // A test failure shows the child's state (or nil), not the wrapper.
    public var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}
