/// Runs a child feature's reducer on a part of the parent's state, for the parent's actions
/// that carry a child action; the child's effects come back wrapped in the parent's action.
///
/// The child's cancellation ids are its own: a parent (or a second copy of the child) using
/// the same id value does not cancel the child's effects. To stop a child's work, send the
/// child an action.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.speech, action: \.speech) { SpeechSettings() }
///   Reduce { state, action in .none }
/// }
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
    @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>
    @usableFromInline let toChildAction: CasePath<ParentAction, Child.Action>
    @usableFromInline let child: Child

    /// Scopes with a case path value.
    @inlinable
    public init<ChildState, ChildAction>(
        state toChildState: WritableKeyPath<ParentState, ChildState>,
        action toChildAction: CasePath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child
    ) where ChildState == Child.State, ChildAction == Child.Action {
        self.toChildState = toChildState
        self.toChildAction = toChildAction
        self.child = child()
    }

    /// Scopes with a key path into the parent action's `allCasePaths`: `action: \.speech`.
    @inlinable
    public init<ChildState, ChildAction>(
        state toChildState: WritableKeyPath<ParentState, ChildState>,
        action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child
    ) where ParentAction: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
        self.init(state: toChildState, action: ParentAction.casePath(toChildAction), child: child)
    }

    @inlinable
    public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
        guard let childAction = toChildAction.extract(from: action) else { return .none }
        let embed = toChildAction
        let effect = child.reduce(into: &state[keyPath: toChildState], action: childAction)
        // A body, and so this Scope, is built anew for every action: the id is made only
        // when there is an effect to put under it.
        if effect.isNone { return .none }
        return effect
            .map { embed.embed($0) }
            .scopingCancellation(to: EffectID(ChildEffectsID(keyPath: toChildState)))
    }
}
