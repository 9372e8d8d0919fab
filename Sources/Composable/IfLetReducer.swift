extension Reducer {
    /// Runs `child` on optional child state while it is present (a presented sheet, say),
    /// before this reducer; when this reducer sets the child state to nil, every effect the
    /// child started is cancelled. The child's cancellation ids are its own (see `Scope`).
    ///
    /// ```swift
    /// Reduce { state, action in ... }
    ///   .ifLet(\.settings, action: \.settings) { QuizSettings() }
    /// ```
    @inlinable
    public func ifLet<ChildState, ChildAction, Child: Reducer>(
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
    @inlinable
    public func ifLet<ChildState, ChildAction, Child: Reducer>(
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
    @usableFromInline let parent: Parent
    @usableFromInline let child: Child
    @usableFromInline let configuration: Configuration

    @inlinable
    init(
        parent: Parent, child: Child,
        toChildState: WritableKeyPath<Parent.State, Child.State?>,
        toChildAction: CasePath<Parent.Action, Child.Action>,
        fileID: StaticString, line: UInt
    ) {
        self.parent = parent
        self.child = child
        self.configuration = Configuration(
            toChildState: FieldPath(toChildState), toChildAction: toChildAction, fileID: fileID, line: line)
    }

    @inlinable
    public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        configuration.reduce(
            into: &state, action: action, parent: parent.reduce(into:action:), child: child.reduce(into:action:))
    }

    /// Makes the parent and the child once, not on every action: see `Reducer._makeReduce()`.
    @inlinable
    public func _makeReduce() -> (inout Parent.State, Parent.Action) -> Effect<Parent.Action> {
        let reduceParent = parent._makeReduce()
        let reduceChild = child._makeReduce()
        let configuration = configuration
        return { configuration.reduce(into: &$0, action: $1, parent: reduceParent, child: reduceChild) }
    }

    /// Everything running this reducer needs besides the reducers it runs, in one reference:
    /// the function `_makeReduce` returns holds this, not the whole reducer, which each call
    /// would copy out of the closure (hundreds of bytes, and a retain for each closure inside).
    @usableFromInline
    final class Configuration {
        @usableFromInline let toChildState: FieldPath<Parent.State, Child.State?>
        @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
        @usableFromInline let fileID: StaticString
        @usableFromInline let line: UInt

        @inlinable
        init(
            toChildState: FieldPath<Parent.State, Child.State?>, toChildAction: CasePath<Parent.Action, Child.Action>,
            fileID: StaticString, line: UInt
        ) {
            self.toChildState = toChildState
            self.toChildAction = toChildAction
            self.fileID = fileID
            self.line = line
        }

        /// The id of every effect the child started, and the scope of the child's own ids. Made
        /// only when needed: most actions start and cancel nothing.
        @inlinable
        var childEffects: EffectID { EffectID(ChildEffectsID(keyPath: toChildState.keyPath)) }

        @inlinable
        func reduce(
            into state: inout Parent.State, action: Parent.Action,
            parent reduceParent: (inout Parent.State, Parent.Action) -> Effect<Parent.Action>,
            child reduceChild: (inout Child.State, Child.Action) -> Effect<Child.Action>
        ) -> Effect<Parent.Action> {
            var childEffect = Effect<Parent.Action>.none
            if let childAction = toChildAction.extract(from: action) {
                if toChildState.read(&state, { $0 != nil }) {
                    let embed = toChildAction
                    let effect = toChildState.modify(&state) { reduceChild(&$0!, childAction) }
                    if !effect.isNone {
                        childEffect = effect.embedded({ embed.embed($0) }, scope: childEffects, cancellableBy: childEffects)
                    }
                } else {
                    RuntimeWarnings.report(
                        "ifLet at \(fileID):\(line) received \(childAction) while its child state was nil; "
                            + "the action was ignored.")
                }
            }
            let wasPresent = toChildState.read(&state) { $0 != nil }
            let parentEffect = reduceParent(&state, action)
            if wasPresent && toChildState.read(&state, { $0 == nil }) {
                return .merge(childEffect, parentEffect, .cancel(id: childEffects))
            }
            return childEffect.merge(with: parentEffect)
        }
    }
}

/// Names the effects of a child at one key path: for cancelling them all, and as the scope of
/// the child's own cancellation ids.
@usableFromInline
struct ChildEffectsID: Hashable, @unchecked Sendable {
    // Key paths are immutable; sharing one across threads is safe.
    @usableFromInline let keyPath: AnyKeyPath

    @inlinable
    init(keyPath: AnyKeyPath) { self.keyPath = keyPath }
}
