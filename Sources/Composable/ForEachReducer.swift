extension Reducer {
    /// Runs `element` on the stack element an action names, before this reducer; handles
    /// pushes and pops; cancels the effects of every element that leaves the stack, or of
    /// the whole stack when it is replaced. Each element's cancellation ids are its own.
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
            fileID: fileID, line: line)
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

/// The reducer `forEach` builds: see `Reducer.forEach(_:action:element:fileID:line:)`.
public struct ForEachReducer<Parent: Reducer, Element: Reducer>: Reducer {
    @usableFromInline let parent: Parent
    @usableFromInline let element: Element
    @usableFromInline let configuration: Configuration

    @inlinable
    init(
        parent: Parent, element: Element,
        toStack: WritableKeyPath<Parent.State, StackState<Element.State>>,
        toStackAction: CasePath<Parent.Action, StackAction<Element.State, Element.Action>>,
        fileID: StaticString, line: UInt
    ) {
        self.parent = parent
        self.element = element
        self.configuration = Configuration(
            toStack: FieldPath(toStack), toStackAction: toStackAction, fileID: fileID, line: line)
    }

    @inlinable
    public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        let seen = StackSeen()
        return configuration.reduce(
            into: &state, action: action, parent: parent.reduce(into:action:), element: element.reduce(into:action:),
            seen: seen)
    }

    /// Makes the parent and the element once, not on every action: see `Reducer._makeReduce()`.
    @inlinable
    public func _makeReduce() -> (inout Parent.State, Parent.Action) -> Effect<Parent.Action> {
        let reduceParent = parent._makeReduce()
        let reduceElement = element._makeReduce()
        let configuration = configuration
        // Each function made here remembers which stack the last action it reduced left, and
        // compares the state's stack with that where it lies, before and after: no copy of the
        // stack (a retain and a release) around every action.
        let seen = StackSeen()
        return {
            configuration.reduce(into: &$0, action: $1, parent: reduceParent, element: reduceElement, seen: seen)
        }
    }

    /// Which stack an action found: its generation, its next id and its ids. Kept from one
    /// action to the next by a `_makeReduce` function, made anew for each by
    /// `reduce(into:action:)`.
    @usableFromInline
    final class StackSeen {
        @exclusivity(unchecked) @usableFromInline var isKnown = false
        @exclusivity(unchecked) @usableFromInline var generation: UInt64 = 0
        @exclusivity(unchecked) @usableFromInline var nextElementID = 0
        @exclusivity(unchecked) @usableFromInline var count = 0
        @exclusivity(unchecked) @usableFromInline var ids: [StackElementID] = []

        @inlinable
        init() {}

        @inlinable
        func remember(_ stack: StackState<Element.State>) {
            isKnown = true
            generation = stack.generation
            nextElementID = stack.nextElementID
            count = stack.entries.count
            if !stack.hasIDs(ids) { ids = stack.ids }
        }

        /// Whether a stack with these generation, next id and count may be the one remembered
        /// (it is, if it has no elements); plain numbers, so reading them copies no stack.
        @inlinable
        func mayMatch(_ shape: (generation: UInt64, nextElementID: Int, count: Int)) -> Bool {
            isKnown && shape.generation == generation && shape.nextElementID == nextElementID && shape.count == count
        }
    }

    /// Everything running this reducer needs besides the reducers it runs, in one reference:
    /// the function `_makeReduce` returns holds this, not the whole reducer, which each call
    /// would copy out of the closure (hundreds of bytes, and a retain for each closure inside).
    @usableFromInline
    final class Configuration {
        @usableFromInline let toStack: FieldPath<Parent.State, StackState<Element.State>>
        @usableFromInline let toStackAction: CasePath<Parent.Action, StackAction<Element.State, Element.Action>>
        @usableFromInline let fileID: StaticString
        @usableFromInline let line: UInt

        @inlinable
        init(
            toStack: FieldPath<Parent.State, StackState<Element.State>>,
            toStackAction: CasePath<Parent.Action, StackAction<Element.State, Element.Action>>,
            fileID: StaticString, line: UInt
        ) {
            self.toStack = toStack
            self.toStackAction = toStackAction
            self.fileID = fileID
            self.line = line
        }

        @inlinable
        func reduce(
            into state: inout Parent.State, action: Parent.Action,
            parent reduceParent: (inout Parent.State, Parent.Action) -> Effect<Parent.Action>,
            element reduceElement: (inout Element.State, Element.Action) -> Effect<Element.Action>,
            seen before: StackSeen
        ) -> Effect<Parent.Action> {
            // Merged as they come: an action that touches no element allocates no array.
            var effects = Effect<Parent.Action>.none
            // The function may run on more than one stack (an element of an outer stack, a child
            // presented anew) or on a stack changed where it did not see it (by the parent of a
            // `Scope` around it): start from this one, and end the effects of the elements the
            // remembered stack had and this one has not. In the first two cases those cancels
            // are put under the outer element's or the presentation's ids, so they reach only
            // effects started there, and none of those has the remembered stack's ids.
            if !holds(&state, before) {
                if before.isKnown { effects = endingEffects(ofElementsGoneFrom: before, in: &state) }
                toStack.read(&state) { before.remember($0) }
            }

            switch toStackAction.extract(from: action) {
            case let .element(id, elementAction)?:
                if toStack.read(&state, { $0[id: id] != nil }) {
                    let embed = toStackAction
                    let elementEffects = elementEffectsID(id, generation: before.generation)
                    effects = effects.merge(with:
                        toStack.modify(&state) { reduceElement(&$0[id: id]!, elementAction) }
                            .embedded({ embed.embed(.element(id: id, action: $0)) }, scope: elementEffects,
                                      cancellableBy: elementEffects))
                } else {
                    RuntimeWarnings.report(
                        "forEach at \(fileID):\(line) received \(elementAction) for element \(id), "
                            + "which is not on the stack; the action was ignored.")
                }
                effects = effects.merge(with: reduceParent(&state, action))
            case let .popFrom(id)?:
                effects = effects.merge(with: reduceParent(&state, action))
                toStack.modify(&state) { $0.pop(from: id) }
            case let .push(id, elementState)?:
                effects = effects.merge(with: reduceParent(&state, action))
                if !toStack.modify(&state, { $0.push(elementState, id: id) }) {
                    RuntimeWarnings.report(
                        "forEach at \(fileID):\(line) was asked to push \(id), which is not newer than the stack's ids.")
                }
            case nil:
                effects = effects.merge(with: reduceParent(&state, action))
            }

            if holds(&state, before) { return effects }
            if toStack.read(&state, { $0.generation != before.generation }) {
                // Ids never repeat within a store: the new stack's go on from the old one's.
                // Written only then: the stack may be a field with an observer or a setter.
                toStack.modify(&state) { $0.continueNumbering(from: before.nextElementID) }
            }
            effects = effects.merge(with: endingEffects(ofElementsGoneFrom: before, in: &state))
            toStack.read(&state) { before.remember($0) }
            return effects
        }

        /// Cancels the effects of the elements `seen` remembers that the stack in `state` does
        /// not have: all of them when a new stack replaced the remembered one.
        @inlinable
        func endingEffects(ofElementsGoneFrom seen: StackSeen, in state: inout Parent.State) -> Effect<Parent.Action> {
            var effects = Effect<Parent.Action>.none
            if toStack.read(&state, { $0.generation != seen.generation }) {
                for id in seen.ids {
                    effects = effects.merge(with: .cancel(id: elementEffectsID(id, generation: seen.generation)))
                }
            } else {
                let remaining = toStack.read(&state) { Set($0.ids) }
                for id in seen.ids where !remaining.contains(id) {
                    effects = effects.merge(with: .cancel(id: elementEffectsID(id, generation: seen.generation)))
                }
            }
            return effects
        }

        /// Whether the stack in `state` is the one `seen` remembers.
        @inlinable
        func holds(_ state: inout Parent.State, _ seen: StackSeen) -> Bool {
            let shape = toStack.read(&state) { ($0.generation, $0.nextElementID, $0.entries.count) }
            return seen.mayMatch(shape) && (seen.count == 0 || toStack.read(&state, { $0.hasIDs(seen.ids) }))
        }

        @inlinable
        func elementEffectsID(_ id: StackElementID, generation: UInt64) -> EffectID {
            EffectID(StackElementEffectsID(keyPath: toStack.keyPath, generation: generation, id: id))
        }
    }
}

/// Names the effects of one element of one stack value.
@usableFromInline
struct StackElementEffectsID: Hashable, @unchecked Sendable {
    // Key paths are immutable; sharing one across threads is safe.
    @usableFromInline let keyPath: AnyKeyPath
    @usableFromInline let generation: UInt64
    @usableFromInline let id: StackElementID

    @inlinable
    init(keyPath: AnyKeyPath, generation: UInt64, id: StackElementID) {
        self.keyPath = keyPath
        self.generation = generation
        self.id = id
    }
}
