extension Reducer {
    /// Runs `child` on a presented feature while it is shown, before this reducer; handles
    /// `.dismiss` (this reducer sees it first, with the child still there, then the state is
    /// set to nil); cancels every effect of a child that is dismissed or replaced by another.
    /// The child's effects can close it with `@Dependency(\.dismiss)`.
    ///
    /// ```swift
    /// Reduce { state, action in ... }
    ///   .ifLet(\.$settings, action: \.settings) { Settings() }
    /// ```
    @inlinable
    public func ifLet<ChildState, ChildAction, Child: Reducer>(
        _ toPresentation: WritableKeyPath<State, PresentationState<ChildState>>,
        action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
        @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> PresentationReducer<Self, Child>
    where ChildState == Child.State, ChildAction == Child.Action, Action: Sendable {
        PresentationReducer(
            parent: self, child: child(), toPresentation: toPresentation,
            toPresentationAction: toPresentationAction, fileID: fileID, line: line)
    }

    /// `ifLet` over a presentation with a key path into the action's `allCasePaths`.
    @inlinable
    public func ifLet<ChildState, ChildAction, Child: Reducer>(
        _ toPresentation: WritableKeyPath<State, PresentationState<ChildState>>,
        action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
        @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> PresentationReducer<Self, Child>
    where Action: CasePathable, ChildState == Child.State, ChildAction == Child.Action, Action: Sendable {
        ifLet(toPresentation, action: Action.casePath(toPresentationAction), then: child, fileID: fileID, line: line)
    }
}

/// The reducer `ifLet(_:action:then:)` builds over a `PresentationState`.
public struct PresentationReducer<Parent: Reducer, Child: Reducer>: Reducer where Parent.Action: Sendable {
    @usableFromInline let parent: Parent
    @usableFromInline let child: Child
    @usableFromInline let configuration: Configuration

    @inlinable
    init(
        parent: Parent, child: Child,
        toPresentation: WritableKeyPath<Parent.State, PresentationState<Child.State>>,
        toPresentationAction: CasePath<Parent.Action, PresentationAction<Child.Action>>,
        fileID: StaticString, line: UInt
    ) {
        self.parent = parent
        self.child = child
        self.configuration = Configuration(
            toPresentation: FieldPath(toPresentation), toPresentationAction: toPresentationAction,
            fileID: fileID, line: line)
    }

    @inlinable
    public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        configuration.reduce(
            into: &state, action: action, parent: parent.reduce(into:action:), child: child.reduce(into:action:),
            named: EffectsName())
    }

    /// Makes the parent and the child once, not on every action: see `Reducer._makeReduce()`.
    @inlinable
    public func _makeReduce() -> (inout Parent.State, Parent.Action) -> Effect<Parent.Action> {
        let reduceParent = parent._makeReduce()
        let reduceChild = child._makeReduce()
        let configuration = configuration
        // Kept by the function made here: the id naming the presentation's effects is made
        // once per presentation, not on every action (it is looked up by presentation id).
        let name = EffectsName()
        return { configuration.reduce(into: &$0, action: $1, parent: reduceParent, child: reduceChild, named: name) }
    }

    /// The id naming the effects of the presentation seen last, kept so that a child speaking
    /// on every question does not make (and hash) it again each time.
    @usableFromInline
    final class EffectsName {
        @exclusivity(unchecked) @usableFromInline var presentation: UInt64?
        @exclusivity(unchecked) @usableFromInline var id: EffectID?
        /// The child's ids under `id`, the last one made.
        @usableFromInline let scopedIDs = ScopedIDMemo()
        /// The presentation this reducer left after the last action it reduced: another
        /// reducer (a sibling in the same body) may present anew before the next one.
        @exclusivity(unchecked) @usableFromInline var seen: UInt64?

        @inlinable
        init() {}
    }

    /// Everything running this reducer needs besides the reducers it runs, in one reference:
    /// the function `_makeReduce` returns holds this, not the whole reducer, which each call
    /// would copy out of the closure (hundreds of bytes, and a retain for each closure inside).
    @usableFromInline
    final class Configuration {
        @usableFromInline let toPresentation: FieldPath<Parent.State, PresentationState<Child.State>>
        @usableFromInline let toPresentationAction: CasePath<Parent.Action, PresentationAction<Child.Action>>
        /// How the child's actions reach the parent, and what `dismiss()` in the child's
        /// effects does: made once, not on every action.
        @usableFromInline let toParent: @Sendable (Child.Action) -> Parent.Action
        @usableFromInline let dismissal: @MainActor @Sendable (Send<Parent.Action>) -> Void
        @usableFromInline let fileID: StaticString
        @usableFromInline let line: UInt

        @inlinable
        init(
            toPresentation: FieldPath<Parent.State, PresentationState<Child.State>>,
            toPresentationAction: CasePath<Parent.Action, PresentationAction<Child.Action>>,
            fileID: StaticString, line: UInt
        ) {
            self.toPresentation = toPresentation
            self.toPresentationAction = toPresentationAction
            self.toParent = { toPresentationAction.embed(.presented($0)) }
            self.dismissal = { send in send(toPresentationAction.embed(.dismiss)) }
            self.fileID = fileID
            self.line = line
        }

        @inlinable
        func reduce(
            into state: inout Parent.State, action: Parent.Action,
            parent reduceParent: (inout Parent.State, Parent.Action) -> Effect<Parent.Action>,
            child reduceChild: (inout Child.State, Child.Action) -> Effect<Child.Action>,
            named name: EffectsName
        ) -> Effect<Parent.Action> {
            let before = toPresentation.read(&state) { $0.id }
            var childEffect = Effect<Parent.Action>.none
            let presentationAction = toPresentationAction.extract(from: action)
            if case let .presented(childAction)? = presentationAction {
                if let id = before {
                    let effect = toPresentation.modify(&state) { reduceChild(&$0.presentedState, childAction) }
                    if !effect.isNone {
                        let effects: EffectID
                        if name.presentation == id, let known = name.id {
                            effects = known
                        } else {
                            effects = effectsID(id)
                            (name.presentation, name.id) = (id, effects)
                        }
                        childEffect = effect.embedded(
                            toParent, scope: effects, dismissal: dismissal, scopedIDs: name.scopedIDs, cancellableBy: effects)
                    }
                } else {
                    RuntimeWarnings.report(
                        "ifLet at \(fileID):\(line) received \(childAction) while nothing was presented; the action was ignored.")
                }
            }
            let parentEffect = reduceParent(&state, action)
            if case .dismiss? = presentationAction, toPresentation.read(&state, { $0.id }) == before {
                toPresentation.modify(&state) { $0.wrappedValue = nil }
            }
            let after = toPresentation.read(&state) { $0.id }
            // Presented anew since the last action this reducer saw, by another reducer: the
            // child it saw then is gone, and its effects end now, before they reach the new one.
            let replaced = name.seen == before ? nil : name.seen
            let left = before == after ? nil : before
            name.seen = after
            if left == nil && replaced == nil { return childEffect.merge(with: parentEffect) }
            return .merge(childEffect, parentEffect, endingEffects(of: left), endingEffects(of: replaced))
        }

        /// Cancels the effects of the presentation `id`, if there is one.
        @inlinable
        func endingEffects(of id: UInt64?) -> Effect<Parent.Action> {
            id.map { .cancel(id: effectsID($0)) } ?? .none
        }

        /// Names every effect of one presentation, and scopes the child's own ids.
        @inlinable
        func effectsID(_ id: UInt64) -> EffectID {
            EffectID(PresentedEffectsID(keyPath: toPresentation.keyPath, presentation: id))
        }
    }
}

/// Names the effects of one presentation of a child at one key path.
@usableFromInline
struct PresentedEffectsID: Hashable, @unchecked Sendable {
    // Key paths are immutable; sharing one across threads is safe.
    @usableFromInline let keyPath: AnyKeyPath
    @usableFromInline let presentation: UInt64

    @inlinable
    init(keyPath: AnyKeyPath, presentation: UInt64) {
        self.keyPath = keyPath
        self.presentation = presentation
    }
}
