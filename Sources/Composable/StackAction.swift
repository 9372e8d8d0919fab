/// What can happen on a navigation stack: an element's own action, a push, a pop.
///
/// ```swift
/// enum Action { case path(StackAction<Summary.State, Summary.Action>) }
/// store.send(.path(.popFrom(id: id)))
/// ```
public enum StackAction<State, Action> {
    /// An action of the element with `id`.
    case element(id: StackElementID, action: Action)
    /// Remove the element with `id` and everything above it.
    case popFrom(id: StackElementID)
    /// Push `state` with `id`. Boxed: a parent's actions are copied at every level of its
    /// reducer, as large as their largest case, and an element's state can be large.
    indirect case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
