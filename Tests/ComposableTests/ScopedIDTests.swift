import Composable
import ComposableTesting
import Testing

/// A presented child that starts and cancels timers by name: each name is an id of its own.
private struct Timers: Reducer {
    struct State: Equatable {}

    enum Action: Equatable, Sendable {
        case start(String)
        case stop(String)
        case fired(String)
    }

    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case let .start(name):
            return .run { send in
                try await clock.sleep(for: .seconds(1))
                await send(.fired(name))
            }
            .cancellable(id: name)
        case let .stop(name):
            return .cancel(id: name)
        case .fired:
            return .none
        }
    }
}

/// Presents a child on `.open`: in the reducer `.ifLet` is attached to, or in a sibling
/// before it in the same body. A presenter of a presenter puts a child two presentations down.
private struct Presenter<Child: Reducer>: Reducer
where Child.State: Equatable & Sendable, Child.Action: Equatable & Sendable {
    struct State: Equatable {
        @PresentationState var child: Child.State?
    }

    enum Action: Equatable, Sendable, CasePathable {
        case open
        case child(PresentationAction<Child.Action>)

        struct AllCasePaths {
            let child = CasePath<Action, PresentationAction<Child.Action>>(embed: Action.child) {
                if case let .child(action) = $0 { action } else { nil }
            }
        }
        static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    let child: Child
    let presented: Child.State
    var presentsInASibling = false

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            if presentsInASibling, case .open = action { state.child = presented }
            return .none
        }
        Reduce { state, action in
            if !presentsInASibling, case .open = action { state.child = presented }
            return .none
        }
        .ifLet(\.$child, action: \.child) { child }
    }
}

private typealias Host = Presenter<Timers>
private typealias Outer = Presenter<Host>

extension Presenter where Child == Timers {
    init(presentsInASibling: Bool = false) {
        self.init(child: Timers(), presented: Timers.State(), presentsInASibling: presentsInASibling)
    }
}

extension Presenter where Child == Presenter<Timers> {
    init() { self.init(child: Host(), presented: Host.State()) }
}

@MainActor
@Suite struct ScopedIDTests {
    private enum CancelID: Hashable, Sendable { case speech }

    @Test func anEffectIDGivenAsAnIDIsThatID() {
        let id = EffectID(CancelID.speech)
        #expect(EffectID(id) == id)
        #expect(EffectID(EffectID(id)) == EffectID(CancelID.speech))
        let ids: Set = [EffectID(id), EffectID(CancelID.speech)]
        #expect(ids.count == 1)
    }

    @Test func aPresentedChildsIDsStayApartAfterTheLastOneIsRemembered() async {
        let clock = TestClock()
        let store = TestStore(initialState: Host.State()) { Host() } withDependencies: { $0.clock = clock }
        await store.send(.open) { $0.child = Timers.State() }
        await store.send(.child(.presented(.start("a"))))
        await store.send(.child(.presented(.start("b"))))
        // The last id the presentation scoped is "b": stopping "a" must stop "a" only.
        await store.send(.child(.presented(.stop("a"))))
        await clock.advance(by: .seconds(1))
        await store.receive(.child(.presented(.fired("b"))))
        // And "a" again, after "b": a new effect under "a", which "b" does not stop.
        await store.send(.child(.presented(.start("a"))))
        await store.send(.child(.presented(.stop("b"))))
        await clock.advance(by: .seconds(1))
        await store.receive(.child(.presented(.fired("a"))))
        await store.finish()
    }

    @Test func aChildTwoPresentationsDownIsCancelledByItsIDAndByEitherDismissal() async {
        let clock = TestClock()
        let store = TestStore(initialState: Outer.State()) { Outer() } withDependencies: { $0.clock = clock }
        func timers(_ action: Timers.Action) -> Outer.Action { .child(.presented(.child(.presented(action)))) }
        await store.send(.open) { $0.child = Host.State() }
        await store.send(.child(.presented(.open))) { $0.child?.child = Timers.State() }
        // By its own id, under both presentations.
        await store.send(timers(.start("a")))
        await store.send(timers(.stop("a")))
        await clock.advance(by: .seconds(1))
        // By the middle presentation's dismissal.
        await store.send(timers(.start("b")))
        await store.send(.child(.presented(.child(.dismiss)))) { $0.child?.child = nil }
        await clock.advance(by: .seconds(1))
        // By the outer one's.
        await store.send(.child(.presented(.open))) { $0.child?.child = Timers.State() }
        await store.send(timers(.start("c")))
        await store.send(.child(.dismiss)) { $0.child = nil }
        await clock.advance(by: .seconds(1))
        // And one left alone arrives, through both.
        await store.send(.open) { $0.child = Host.State() }
        await store.send(.child(.presented(.open))) { $0.child?.child = Timers.State() }
        await store.send(timers(.start("d")))
        await clock.advance(by: .seconds(1))
        await store.receive(timers(.fired("d")))
        await store.finish()
    }

    @Test func presentingAnewInASiblingReducerEndsTheOldChildsEffects() async {
        let clock = TestClock()
        let store = TestStore(initialState: Host.State()) { Host(presentsInASibling: true) } withDependencies: { $0.clock = clock }
        await store.send(.open) { $0.child = Timers.State() }
        await store.send(.child(.presented(.start("a"))))
        await store.send(.open)   // an equal state, but a new presentation
        await clock.advance(by: .seconds(1))
        // The old child's timer must not fire into the new child.
        await store.send(.child(.presented(.start("b"))))
        await clock.advance(by: .seconds(1))
        await store.receive(.child(.presented(.fired("b"))))
        await store.finish()
    }
}
