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
/// with a computed optional beside it: `var quizPresentation = PresentationState<Quiz.State>(wrappedValue: nil)`
/// and `ifLet(\.quizPresentation, action: \.quiz)`; then it is changed in place.
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
    @usableFromInline var presented: Presented?

    @usableFromInline
    struct Presented {
        /// Which presentation this is: new for every value assigned.
        @usableFromInline let id: UInt64
        @usableFromInline var state: State
    }

    public init(wrappedValue: State?) {
        presented = wrappedValue.map { Presented(id: Self.newID(), state: $0) }
    }

    /// The presented child's state, or nil.
    public var wrappedValue: State? {
        get { presented?.state }
        set { presented = newValue.map { Presented(id: Self.newID(), state: $0) } }
    }

    /// The presentation itself, for `ifLet(\.$settings, ...)`. Changed in place, so that a
    /// presented child's arrays are not copied on every action that reaches it.
    public var projectedValue: Self {
        get { self }
        _modify { yield &self }
    }

    /// Identifies the current presentation; nil when nothing is presented.
    @inlinable
    var id: UInt64? { presented?.id }

    static func newID() -> UInt64 {
        presentationIDs.add(1, ordering: .relaxed).newValue
    }
}

/// Numbers the presentations made in this process.
private let presentationIDs = Atomic<UInt64>(0)

extension PresentationState: Equatable where State: Equatable {
    // Equal when they present equal states: which presentation it is does not show in tests.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension PresentationState: Sendable where State: Sendable {}
extension PresentationState.Presented: Sendable where State: Sendable {}

extension PresentationState: CustomReflectable {
    // A test failure shows the child's state (or nil), not the wrapper.
    public var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}
