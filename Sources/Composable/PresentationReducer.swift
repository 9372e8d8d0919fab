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
        let presentationAction = toPresentationAction.extract(from: action)
        var childEffect = Effect<Parent.Action>.none
        // Which presentation was there before the parent ran, for a `.dismiss` (the parent may
        // have replaced it meanwhile) and a child's step: an action for the child tells it in
        // the access that changes the child; an action for the parent needs none, so that it
        // only reads the field (one observed with didSet sees no write).
        let before: UInt64? = switch presentationAction {
        case let .presented(childAction)?:
            reducePresented(childAction, in: &state[keyPath: toPresentation], effect: &childEffect)
        case .dismiss?: state[keyPath: toPresentation].id
        case nil: nil
        }
        let parentEffect = parent.reduce(into: &state, action: action)
        var after = state[keyPath: toPresentation].id
        if case .dismiss? = presentationAction, after == before {
            state[keyPath: toPresentation].wrappedValue = nil
            after = nil
        }
        // Whoever dismissed or replaced a presentation, its effects end now: those of every
        // presentation at this key path but the current one.
        let current = PresentedEffectsID.Current(keyPath: toPresentation, presentation: after)
        let endingOthers = Effect<Parent.Action>.cancelFeatures(keeping: current) { step, current in
            guard let presented = step.value.base as? PresentedEffectsID else { return false }
            return presented.keyPath == current.keyPath && presented.presentation != current.presentation
        }
        if before != after { childEffect = childEffect.ended(by: endingOthers) }
        return childEffect.merge(with: parentEffect).merge(with: endingOthers)
    }

    /// Runs the child on the presented state; returns which presentation it is, nil (and
    /// a warning) when nothing is presented.
    private func reducePresented(
        _ childAction: Child.Action, in presentation: inout PresentationState<Child.State>,
        effect: inout Effect<Parent.Action>
    ) -> UInt64? {
        guard let id = presentation.id else {
            RuntimeWarnings.report(
                "ifLet at \(fileID):\(line) received \(childAction) while nothing was presented; the action was ignored.")
            return nil
        }
        // Each presentation is a step of its own in the tree: its effects are registered
        // there, and end together when it is dismissed or replaced.
        let step = PresentedEffectsID(keyPath: toPresentation, presentation: id)
        effect = presented(child.reduce(into: &presentation.presentedState, action: childAction), at: step)
        return id
    }

    /// The child's effect as the parent's, registered at the presentation's step; its tasks
    /// can dismiss the child.
    private func presented(_ effect: Effect<Child.Action>, at step: PresentedEffectsID) -> Effect<Parent.Action> {
        // Cancels only (a deeper presentation's): nothing to register, embed or wrap.
        guard effect.operation != nil else { return effect.within(step).cancelsOnly() }
        let embed = toPresentationAction
        let dismissal = toPresentationAction.embed(.dismiss)
        return effect.registered(id: step).within(step)
            .map { embed.embed(.presented($0)) }
            .wrappingTasks { runner, work in
                await DismissEffect.$presentation.withValue(
                    DismissEffect.Presentation { await runner.send(dismissal) },
                    keepingExecutor: { await work() })
            }
    }
}

/// Names the effects of one presentation of a child at one key path.
struct PresentedEffectsID: Hashable, @unchecked Sendable {
    // Unchecked: key paths are immutable; sharing one across threads is safe.
    let keyPath: AnyKeyPath
    let presentation: UInt64

    /// The presentation at a key path now, nil when nothing is presented.
    struct Current: @unchecked Sendable {
        let keyPath: AnyKeyPath
        let presentation: UInt64?
    }
}
