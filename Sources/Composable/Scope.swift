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
    /// Where the child's state is: a field of the parent's, or a case of the parent's enum.
    enum ChildStatePath {
        case field(WritableKeyPath<ParentState, Child.State>)
        case enumCase(CasePath<ParentState, Child.State>, id: AnyKeyPath, fileID: StaticString, line: UInt)
    }

    let toChildState: ChildStatePath
    let toChildAction: CasePath<ParentAction, Child.Action>
    let child: Child

    /// Scopes with a case path value.
    public init<ChildState, ChildAction>(
        state toChildState: WritableKeyPath<ParentState, ChildState>,
        action toChildAction: CasePath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child
    ) where ChildState == Child.State, ChildAction == Child.Action {
        self.toChildState = .field(toChildState)
        self.toChildAction = toChildAction
        self.child = child()
    }

    /// Scopes into one case of an enum state, a destination: the child runs while the parent's
    /// state is that case; an action for it at another time is reported and ignored.
    ///
    /// ```swift
    /// Scope(state: \.summary, action: \.summary) { Summary() }   // State is an enum
    /// ```
    public init<ChildState, ChildAction>(
        state toChildState: CaseKeyPath<ParentState, ChildState>,
        action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) where ParentState: CasePathable, ParentAction: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
        self.toChildState = .enumCase(ParentState.casePath(toChildState), id: toChildState, fileID: fileID, line: line)
        self.toChildAction = ParentAction.casePath(toChildAction)
        self.child = child()
    }

    /// Scopes with a key path into the parent action's `allCasePaths`: `action: \.speech`.
    public init<ChildState, ChildAction>(
        state toChildState: WritableKeyPath<ParentState, ChildState>,
        action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child
    ) where ParentAction: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
        self.init(state: toChildState, action: ParentAction.casePath(toChildAction), child: child)
    }

    public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
        guard let childAction = toChildAction.extract(from: action) else { return .none }
        let effect: Effect<Child.Action>
        let place: AnyKeyPath
        switch toChildState {
        case let .field(keyPath):
            effect = child.reduce(into: &state[keyPath: keyPath], action: childAction)
            place = keyPath
        case let .enumCase(casePath, id, fileID, line):
            guard var childState = casePath.extract(from: state) else {
                RuntimeWarnings.report(
                    "Scope at \(fileID):\(line) received \(childAction) while the state was another case; "
                        + "the action was ignored.")
                return .none
            }
            // The parent's copy goes first, so that the child's state is not shared while the
            // child changes it: a presented quiz's answers are changed in place, not copied.
            _ = consume state
            effect = child.reduce(into: &childState, action: childAction)
            state = casePath.embed(consume childState)
            place = id
        }
        if effect.isNone { return .none }
        let step = ChildEffectsID(keyPath: place)
        // Cancels only (a presentation's below): no closure to embed actions it never sends.
        guard effect.operation != nil else { return effect.within(step).cancelsOnly() }
        let embed = toChildAction
        return effect.within(step).map { embed.embed($0) }
    }
}

/// The step a child at one key path adds to the place of its effects in the tree.
struct ChildEffectsID: Hashable, @unchecked Sendable {
    // Unchecked: key paths are immutable; sharing one across threads is safe.
    let keyPath: AnyKeyPath
}
