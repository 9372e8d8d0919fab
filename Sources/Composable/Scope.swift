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
    @usableFromInline
    enum ChildStatePath {
        case field(FieldPath<ParentState, Child.State>)
        case enumCase(EnumCaseState<ParentState, Child.State>)
    }

    @usableFromInline let toChildState: ChildStatePath
    @usableFromInline let toChildAction: CasePath<ParentAction, Child.Action>
    @usableFromInline let child: Child

    /// Scopes with a case path value.
    @inlinable
    public init<ChildState, ChildAction>(
        state toChildState: WritableKeyPath<ParentState, ChildState>,
        action toChildAction: CasePath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child
    ) where ChildState == Child.State, ChildAction == Child.Action {
        self.toChildState = .field(FieldPath(toChildState))
        self.toChildAction = toChildAction
        self.child = child()
    }

    /// Scopes into one case of an enum state, a destination: the child runs while the parent's
    /// state is that case; an action for it at another time is reported and ignored.
    ///
    /// ```swift
    /// Scope(state: \.summary, action: \.summary) { Summary() }   // State is an enum
    /// ```
    @inlinable
    public init<ChildState, ChildAction>(
        state toChildState: CaseKeyPath<ParentState, ChildState>,
        action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) where ParentState: CasePathable, ParentAction: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
        self.toChildState = .enumCase(EnumCaseState(
            casePath: ParentState.casePath(toChildState), id: toChildState, fileID: fileID, line: line))
        self.toChildAction = ParentAction.casePath(toChildAction)
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
        reduce(into: &state, action: action, child: child.reduce(into:action:))
    }

    /// Makes the child once, not on every action: see `Reducer._makeReduce()`.
    @inlinable
    public func _makeReduce() -> (inout ParentState, ParentAction) -> Effect<ParentAction> {
        let reduceChild = child._makeReduce()
        return { self.reduce(into: &$0, action: $1, child: reduceChild) }
    }

    @inlinable
    func reduce(
        into state: inout ParentState, action: ParentAction,
        child reduceChild: (inout Child.State, Child.Action) -> Effect<Child.Action>
    ) -> Effect<ParentAction> {
        guard let childAction = toChildAction.extract(from: action) else { return .none }
        let effect: Effect<Child.Action>
        switch toChildState {
        case let .field(path):
            effect = path.modify(&state) { reduceChild(&$0, childAction) }
        case let .enumCase(path):
            guard var childState = path.casePath.extract(from: state) else {
                RuntimeWarnings.report(
                    "Scope at \(path.fileID):\(path.line) received \(childAction) while the state was another case; "
                        + "the action was ignored.")
                return .none
            }
            effect = reduceChild(&childState, childAction)
            state = path.casePath.embed(childState)
        }
        // The id is made only when there is an effect to put under it.
        if effect.isNone { return .none }
        let embed = toChildAction
        return effect.embedded({ embed.embed($0) }, scope: EffectID(ChildEffectsID(keyPath: childEffectsScope)))
    }

    /// What the child's cancellation ids are scoped to: where its state is.
    @inlinable
    var childEffectsScope: AnyKeyPath {
        switch toChildState {
        case let .field(path): path.keyPath
        case let .enumCase(path): path.id
        }
    }
}

/// A case of an enum state that a `Scope` runs its child on, and where that Scope was written.
@usableFromInline
final class EnumCaseState<Root, Value> {
    @usableFromInline let casePath: CasePath<Root, Value>
    /// The case key path, naming the child's effects.
    @usableFromInline let id: AnyKeyPath
    @usableFromInline let fileID: StaticString
    @usableFromInline let line: UInt

    @inlinable
    init(casePath: CasePath<Root, Value>, id: AnyKeyPath, fileID: StaticString, line: UInt) {
        self.casePath = casePath
        self.id = id
        self.fileID = fileID
        self.line = line
    }
}
