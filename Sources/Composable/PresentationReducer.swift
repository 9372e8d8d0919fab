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
    public consuming func ifLet<ChildState, ChildAction, Child: Reducer>(
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
    public consuming func ifLet<ChildState, ChildAction, Child: Reducer>(
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
    let parent: Parent
    let child: Child
    let toPresentation: WritableKeyPath<Parent.State, PresentationState<Child.State>>
    let toPresentationAction: CasePath<Parent.Action, PresentationAction<Child.Action>>
    let fileID: StaticString
    let line: UInt

    init(
        parent: Parent, child: Child,
        toPresentation: WritableKeyPath<Parent.State, PresentationState<Child.State>>,
        toPresentationAction: CasePath<Parent.Action, PresentationAction<Child.Action>>,
        fileID: StaticString, line: UInt
    ) {
        self.parent = parent
        self.child = child
        self.toPresentation = toPresentation
        self.toPresentationAction = toPresentationAction
        self.fileID = fileID
        self.line = line
    }

    public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        let before = state[keyPath: toPresentation].id
        var childEffect = Effect<Parent.Action>.none
        let presentationAction = toPresentationAction.extract(from: action)
        if case let .presented(childAction)? = presentationAction {
            if let id = before {
                // Each presentation is a step of its own in the tree: its effects are
                // registered there, and end together when it is dismissed or replaced.
                let step = PresentedEffectsID(keyPath: toPresentation, presentation: id)
                let effect = child.reduce(into: &state[keyPath: toPresentation].presentedState, action: childAction)
                if !effect.isNone {
                    let embed = toPresentationAction
                    let dismissal = toPresentationAction.embed(.dismiss)
                    childEffect = effect.registered(id: step).within(step)
                        .map { embed.embed(.presented($0)) }
                        .wrappingTasks { runner, work in
                            await DismissEffect.$presentation.withValue(
                                DismissEffect.Presentation { await runner.send(dismissal) },
                                keepingExecutor: { await work() })
                        }
                }
            } else {
                RuntimeWarnings.report(
                    "ifLet at \(fileID):\(line) received \(childAction) while nothing was presented; the action was ignored.")
            }
        }
        let parentEffect = parent.reduce(into: &state, action: action)
        var after = state[keyPath: toPresentation].id
        if case .dismiss? = presentationAction, after == before {
            state[keyPath: toPresentation].wrappedValue = nil
            after = nil
        }
        let current = after
        // Whoever dismissed or replaced a presentation, its effects end now: those of every
        // presentation at this key path but the current one.
        let presentations = ChildEffectsID(keyPath: toPresentation)
        let endingOthers = Effect<Parent.Action>.cancelFeatures { step in
            guard let presented = step.value.base as? PresentedEffectsID else { return false }
            return presented.keyPath == presentations.keyPath && presented.presentation != current
        }
        return childEffect.merge(with: parentEffect).merge(with: endingOthers)
    }
}

/// Names the effects of one presentation of a child at one key path.
struct PresentedEffectsID: Hashable, @unchecked Sendable {
    // Unchecked: key paths are immutable; sharing one across threads is safe.
    let keyPath: AnyKeyPath
    let presentation: UInt64
}
