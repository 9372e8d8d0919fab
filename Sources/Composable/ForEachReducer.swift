extension Reducer {
    /// Runs `element` on the stack element an action names, before this reducer; handles
    /// pushes and pops; cancels the effects of every element that leaves the stack, or of
    /// the whole stack when it is replaced. Each element's cancellation ids are its own.
    ///
    /// ```swift
    /// Reduce { state, action in ... }
    ///   .forEach(\.path, action: \.path) { Path() }
    /// ```
    public consuming func forEach<ElementState, ElementAction, Element: Reducer>(
        _ toStack: WritableKeyPath<State, StackState<ElementState>>,
        action toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>,
        @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> ForEachReducer<Self, Element> where ElementState == Element.State, ElementAction == Element.Action {
        ForEachReducer(
            parent: self, element: element(), toStack: toStack, toStackAction: toStackAction,
            fileID: fileID, line: line)
    }

    /// `forEach` with a key path into the action's `allCasePaths`: `action: \.path`.
    public consuming func forEach<ElementState, ElementAction, Element: Reducer>(
        _ toStack: WritableKeyPath<State, StackState<ElementState>>,
        action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
        @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> ForEachReducer<Self, Element>
    where Action: CasePathable, ElementState == Element.State, ElementAction == Element.Action {
        forEach(toStack, action: Action.casePath(toStackAction), element: element, fileID: fileID, line: line)
    }
}

/// The reducer `forEach` builds: see `Reducer.forEach(_:action:element:fileID:line:)`.
public struct ForEachReducer<Parent: Reducer, Element: Reducer>: Reducer {
    let parent: Parent
    let element: Element
    let toStack: WritableKeyPath<Parent.State, StackState<Element.State>>
    let toStackAction: CasePath<Parent.Action, StackAction<Element.State, Element.Action>>
    let fileID: StaticString
    let line: UInt

    init(
        parent: Parent, element: Element,
        toStack: WritableKeyPath<Parent.State, StackState<Element.State>>,
        toStackAction: CasePath<Parent.Action, StackAction<Element.State, Element.Action>>,
        fileID: StaticString, line: UInt
    ) {
        self.parent = parent
        self.element = element
        self.toStack = toStack
        self.toStackAction = toStackAction
        self.fileID = fileID
        self.line = line
    }

    public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        let stackBefore = state[keyPath: toStack]
        let before = (generation: stackBefore.generation, next: stackBefore.nextElementID)
        var effects = Effect<Parent.Action>.none
        var elementEffect = Effect<Parent.Action>.none
        var actedOn: StackElementID?
        switch toStackAction.extract(from: action) {
        case let .element(id, elementAction)?:
            if state[keyPath: toStack][id: id] != nil {
                // Each element is a step of its own in the tree: its effects are registered
                // there, and end when it leaves the stack.
                let step = elementStep(id, generation: before.generation)
                let embed = toStackAction
                elementEffect = element.reduce(into: &state[keyPath: toStack][id: id]!, action: elementAction)
                    .registered(id: step).within(step)
                    .map { embed.embed(.element(id: id, action: $0)) }
                actedOn = id
            } else {
                RuntimeWarnings.report(
                    "forEach at \(fileID):\(line) received \(elementAction) for element \(id), "
                        + "which is not on the stack; the action was ignored.")
            }
            effects = parent.reduce(into: &state, action: action)
        case let .popFrom(id)?:
            effects = parent.reduce(into: &state, action: action)
            state[keyPath: toStack].pop(from: id)
        case let .push(id, elementState)?:
            effects = parent.reduce(into: &state, action: action)
            if !state[keyPath: toStack].push(elementState, id: id) {
                RuntimeWarnings.report(
                    "forEach at \(fileID):\(line) was asked to push \(id), which is not newer than the stack's ids.")
            }
        case nil:
            effects = parent.reduce(into: &state, action: action)
        }
        var stackAfter = state[keyPath: toStack]
        if stackAfter.generation != before.generation {
            // A new stack replaced the old one here: its ids go on from the old one's, so
            // that an id is never given twice.
            state[keyPath: toStack].continueNumbering(from: before.next)
            stackAfter = state[keyPath: toStack]
        }
        let current = StackElementEffectsID.Current(keyPath: toStack, generation: stackAfter.generation, ids: stackAfter.ids)
        // Whoever changed the stack, the effects of the elements it no longer has end now.
        let ending = Effect<Parent.Action>.cancelFeatures(keeping: current) { step, current in
            guard let element = step.value.base as? StackElementEffectsID, element.keyPath == current.keyPath else { return false }
            return element.generation != current.generation || !current.ids.contains(element.id)
        }
        if let actedOn, stackAfter.generation != before.generation || stackAfter[id: actedOn] == nil {
            elementEffect = elementEffect.ended(by: ending)
        }
        return elementEffect.merge(with: effects).merge(with: ending)
    }

    /// The step one element of one stack adds to the place of its effects in the tree.
    func elementStep(_ id: StackElementID, generation: UInt64) -> EffectID {
        EffectID(StackElementEffectsID(keyPath: toStack, generation: generation, id: id))
    }
}

/// Names the effects of one element of one stack value.
struct StackElementEffectsID: Hashable, @unchecked Sendable {
    // Unchecked: key paths are immutable; sharing one across threads is safe.
    let keyPath: AnyKeyPath
    let generation: UInt64
    let id: StackElementID

    /// The stack at a key path now: the elements whose effects go on.
    struct Current: @unchecked Sendable {
        let keyPath: AnyKeyPath
        let generation: UInt64
        let ids: [StackElementID]
    }
}
