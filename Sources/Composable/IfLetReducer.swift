extension Reducer {
    /// Runs `child` on optional child state while it is present (a presented sheet, say),
    /// before this reducer; when this reducer sets the child state to nil, every effect the
    /// child started is cancelled. The child's cancellation ids are its own (see `Scope`).
    ///
    /// ```swift
    /// Reduce { state, action in ... }
    ///   .ifLet(\.settings, action: \.settings) { QuizSettings() }
    /// ```
    public consuming func ifLet<ChildState, ChildAction, Child: Reducer>(
        _ toChildState: WritableKeyPath<State, ChildState?>,
        action toChildAction: CasePath<Action, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
        IfLetReducer(
            parent: self, child: child(), toChildState: toChildState, toChildAction: toChildAction,
            fileID: fileID, line: line)
    }

    /// `ifLet` with a key path into the action's `allCasePaths`: `action: \.settings`.
    public consuming func ifLet<ChildState, ChildAction, Child: Reducer>(
        _ toChildState: WritableKeyPath<State, ChildState?>,
        action toChildAction: CaseKeyPath<Action, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> IfLetReducer<Self, Child>
    where Action: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
        ifLet(toChildState, action: Action.casePath(toChildAction), then: child, fileID: fileID, line: line)
    }
}

/// The reducer `ifLet` builds: see `Reducer.ifLet(_:action:then:fileID:line:)`.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
    let parent: Parent
    let child: Child
    let toChildState: WritableKeyPath<Parent.State, Child.State?>
    let toChildAction: CasePath<Parent.Action, Child.Action>
    let fileID: StaticString
    let line: UInt

    init(
        parent: Parent, child: Child,
        toChildState: WritableKeyPath<Parent.State, Child.State?>,
        toChildAction: CasePath<Parent.Action, Child.Action>,
        fileID: StaticString, line: UInt
    ) {
        self.parent = parent
        self.child = child
        self.toChildState = toChildState
        self.toChildAction = toChildAction
        self.fileID = fileID
        self.line = line
    }

    public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        // The child's step in the tree: its own ids live under it, and every effect it
        // starts is registered there, so that all of them end when the child does.
        let step = ChildEffectsID(keyPath: toChildState)
        var childEffect = Effect<Parent.Action>.none
        if let childAction = toChildAction.extract(from: action) {
            if state[keyPath: toChildState] != nil {
                let effect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
                let embed = toChildAction
                childEffect = effect.registered(id: step).within(step).map { embed.embed($0) }
            } else {
                RuntimeWarnings.report(
                    "ifLet at \(fileID):\(line) received \(childAction) while its child state was nil; "
                        + "the action was ignored.")
            }
        }
        let wasPresent = state[keyPath: toChildState] != nil
        let parentEffect = parent.reduce(into: &state, action: action)
        if wasPresent && state[keyPath: toChildState] == nil {
            let ending = Effect<Parent.Action>.cancelFeatures(keeping: EffectID(step)) { $0 == $1 }
            return childEffect.ended(by: ending).merge(with: parentEffect).merge(with: ending)
        }
        return childEffect.merge(with: parentEffect)
    }
}
