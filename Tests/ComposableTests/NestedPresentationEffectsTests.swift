import Composable
import ComposableTesting
import Testing

// A presentation inside a presentation: whichever way the inner one ends, or stops its work,
// its work ends and the middle one's, under the same id, goes on. A parent's action that is
// not for the child does not write the presentation.

/// A timer under the id "t", which it can stop, and a way to close itself.
private struct Beeper: Reducer {
    struct State: Equatable {}
    enum Action: Equatable, Sendable { case start, stop, fired, close }
    @Dependency(\.clock) var clock
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
            return .run { send in
                try await clock.sleep(for: .seconds(1))
                await send(.fired)
            }
            .cancellable(id: "t")
        case .stop: return .cancel(id: "t")
        case .fired: return .none
        case .close: return .run { _ in await dismiss() }
        }
    }
}

/// A presented feature with a timer under the same id "t" that presents a Beeper in turn.
private struct Middle: Reducer {
    struct State: Equatable { @PresentationState var inner: Beeper.State? }
    enum Action: Equatable, Sendable, CasePathable {
        case open, start, stop, fired, closeInner
        case inner(PresentationAction<Beeper.Action>)
        struct AllCasePaths {
            let inner = CasePath<Action, PresentationAction<Beeper.Action>>(embed: Action.inner) {
                if case let .inner(action) = $0 { action } else { nil }
            }
        }
        static var allCasePaths: AllCasePaths { AllCasePaths() }
    }
    @Dependency(\.clock) var clock

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .open:
                state.inner = Beeper.State()
                return .none
            case .start:
                return .run { send in
                    try await clock.sleep(for: .seconds(1))
                    await send(.fired)
                }
                .cancellable(id: "t")
            case .stop: return .cancel(id: "t")
            case .closeInner:
                state.inner = nil
                return .none
            case .fired, .inner: return .none
            }
        }
        .ifLet(\.$inner, action: \.inner) { Beeper() }
    }
}

private struct Outer: Reducer {
    struct State: Equatable { @PresentationState var child: Middle.State? }
    enum Action: Equatable, Sendable, CasePathable {
        case open, closeOutside, noop
        case child(PresentationAction<Middle.Action>)
        struct AllCasePaths {
            let child = CasePath<Action, PresentationAction<Middle.Action>>(embed: Action.child) {
                if case let .child(action) = $0 { action } else { nil }
            }
        }
        static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            if case .open = action { state.child = Middle.State() }
            return .none
        }
        .ifLet(\.$child, action: \.child) { Middle() }
        // Outside the ifLet: it does not see this dismissal as it happens.
        Reduce { state, action in
            if case .closeOutside = action { state.child = nil }
            return .none
        }
    }
}

private struct ObservedSheet: Equatable {
    var sheet = PresentationState<Int>(wrappedValue: 1) { didSet { sheetWrites += 1 } }
    var sheetWrites = 0
}

private enum ObservedSheetAction: Sendable { case sheet(PresentationAction<Int>), other }

@MainActor
@Suite struct NestedPresentationEffectsTests {
    private func opened() async -> (TestStore<Outer.State, Outer.Action>, TestClock) {
        let clock = TestClock()
        let store = TestStore(initialState: Outer.State()) { Outer() } withDependencies: { $0.clock = clock }
        await store.send(.open) { $0.child = Middle.State() }
        await store.send(.child(.presented(.open))) { $0.child?.inner = Beeper.State() }
        await store.send(.child(.presented(.start)))
        await store.send(.child(.presented(.inner(.presented(.start)))))
        return (store, clock)
    }

    private func inner(_ action: Beeper.Action) -> Outer.Action { .child(.presented(.inner(.presented(action)))) }

    @Test func theInnerStopsItsOwnTimerOnly() async {
        let (store, clock) = await opened()
        await store.send(inner(.stop))
        await clock.advance(by: .seconds(1))
        await store.receive(.child(.presented(.fired)))
        await store.finish()
    }

    @Test func theMiddleStopsItsOwnTimerOnly() async {
        let (store, clock) = await opened()
        await store.send(.child(.presented(.stop)))
        await clock.advance(by: .seconds(1))
        await store.receive(inner(.fired))
        await store.finish()
    }

    @Test func theMiddleDismissingTheInnerByActionEndsTheInnersOnly() async {
        let (store, clock) = await opened()
        await store.send(.child(.presented(.inner(.dismiss)))) { $0.child?.inner = nil }
        await clock.advance(by: .seconds(1))
        await store.receive(.child(.presented(.fired)))
        await store.finish()
    }

    @Test func theMiddleClearingTheInnerEndsTheInnersOnly() async {
        let (store, clock) = await opened()
        await store.send(.child(.presented(.closeInner))) { $0.child?.inner = nil }
        await clock.advance(by: .seconds(1))
        await store.receive(.child(.presented(.fired)))
        await store.finish()
    }

    @Test func theInnerClosingItselfEndsItsOwnOnly() async {
        let (store, clock) = await opened()
        await store.send(inner(.close))
        await store.receive(.child(.presented(.inner(.dismiss)))) { $0.child?.inner = nil }
        await clock.advance(by: .seconds(1))
        await store.receive(.child(.presented(.fired)))
        await store.finish()
    }

    @Test func aReducerOutsideTheIfLetDismissingEndsBothAtTheNextAction() async {
        let (store, clock) = await opened()
        await store.send(.closeOutside) { $0.child = nil }
        await store.send(.noop)
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func anActionForTheChildWritesThePresentationOnce() {
        let store = Store(initialState: ObservedSheet()) {
            Reduce<ObservedSheet, ObservedSheetAction> { _, _ in .none }
                .ifLet(\.sheet, action: CasePath(embed: ObservedSheetAction.sheet) {
                    if case let .sheet(a) = $0 { a } else { nil }
                }) {
                    Reduce<Int, Int> { state, action in
                        state += action
                        return .none
                    }
                }
        }
        store.send(.sheet(.presented(2)))
        #expect(store.state.sheet.wrappedValue == 3)
        #expect(store.state.sheetWrites == 1)
        store.send(.other)
        #expect(store.state.sheetWrites == 1)
        store.send(.sheet(.dismiss))
        #expect(store.state.sheet.wrappedValue == nil)
        #expect(store.state.sheetWrites == 2)
    }
}
