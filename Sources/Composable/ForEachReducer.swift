extension Reducer {
    /// Runs `element` on the stack element an action names, before this reducer; handles
    /// pushes and pops; cancels the effects of every element that leaves the stack.
    ///
    /// ```swift
    /// Reduce { state, action in ... }
    ///   .forEach(\.path, action: \.path) { Path() }
    /// ```
    @inlinable
    public func forEach<ElementState, ElementAction, Element: Reducer>(
        _ toStack: WritableKeyPath<State, StackState<ElementState>>,
        action toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>,
        @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> ForEachReducer<Self, Element> where ElementState == Element.State, ElementAction == Element.Action {
        ForEachReducer(
            parent: self, element: element(), toStack: toStack, toStackAction: toStackAction,
            location: "\(fileID):\(line)")
    }

    /// `forEach` with a key path into the action's `allCasePaths`: `action: \.path`.
    @inlinable
    public func forEach<ElementState, ElementAction, Element: Reducer>(
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

/// The reducer `forEach` builds.
public struct ForEachReducer<Parent: Reducer, Element: Reducer>: Reducer {
    @usableFromInline let parent: Parent
    @usableFromInline let element: Element
    @usableFromInline let toStack: WritableKeyPath<Parent.State, StackState<Element.State>>
    @usableFromInline let toStackAction: CasePath<Parent.Action, StackAction<Element.State, Element.Action>>
    @usableFromInline let location: String

    @inlinable
    init(
        parent: Parent, element: Element,
        toStack: WritableKeyPath<Parent.State, StackState<Element.State>>,
        toStackAction: CasePath<Parent.Action, StackAction<Element.State, Element.Action>>,
        location: String
    ) {
        self.parent = parent
        self.element = element
        self.toStack = toStack
        self.toStackAction = toStackAction
        self.location = location
    }

    @inlinable
    public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        let idsBefore = state[keyPath: toStack].ids
        var effects: [Effect<Parent.Action>] = []

        switch toStackAction.extract(from: action) {
        case let .element(id, elementAction)?:
            if state[keyPath: toStack][id: id] != nil {
                let embed = toStackAction
                effects.append(
                    element.reduce(into: &state[keyPath: toStack][id: id]!, action: elementAction)
                        .map { embed.embed(.element(id: id, action: $0)) }
                        .cancellable(id: elementEffectsID(id)))
            } else {
                RuntimeWarnings.report(
                    "forEach at \(location) received \(elementAction) for element \(id), "
                        + "which is not on the stack; the action was ignored.")
            }
            effects.append(parent.reduce(into: &state, action: action))
        case let .popFrom(id)?:
            effects.append(parent.reduce(into: &state, action: action))
            state[keyPath: toStack].pop(from: id)
        case let .push(id, elementState)?:
            effects.append(parent.reduce(into: &state, action: action))
            if !state[keyPath: toStack].push(elementState, id: id) {
                RuntimeWarnings.report(
                    "forEach at \(location) was asked to push \(id), which is not newer than the stack's ids.")
            }
        case nil:
            effects.append(parent.reduce(into: &state, action: action))
        }

        let idsAfter = state[keyPath: toStack].ids
        if idsBefore != idsAfter {
            let remaining = Set(idsAfter)
            for id in idsBefore where !remaining.contains(id) {
                effects.append(.cancel(id: elementEffectsID(id)))
            }
        }
        return .merge(effects)
    }

    @inlinable
    func elementEffectsID(_ id: StackElementID) -> EffectID {
        EffectID(StackElementEffectsID(keyPath: toStack, id: id))
    }
}

/// Cancels the effects of one stack element.
@usableFromInline
struct StackElementEffectsID: Hashable, @unchecked Sendable {
    // Key paths are immutable; sharing one across threads is safe.
    @usableFromInline let keyPath: AnyKeyPath
    @usableFromInline let id: StackElementID

    @inlinable
    init(keyPath: AnyKeyPath, id: StackElementID) {
        self.keyPath = keyPath
        self.id = id
    }
}
