import Composable
import ComposableTesting
import Testing

/// A presented child that starts and cancels timers by name: the presentation remembers the
/// last id it scoped, and a different id must still be a different effect.
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

/// Presents the child on `.open`: in the reducer `.ifLet` is attached to, or in a sibling
/// before it in the same body.
private struct Host: Reducer {
    struct State: Equatable {
        @PresentationState var timers: Timers.State?
    }

    enum Action: Equatable, Sendable, CasePathable {
        case open
        case timers(PresentationAction<Timers.Action>)

        struct AllCasePaths {
            let timers = CasePath<Action, PresentationAction<Timers.Action>>(embed: Action.timers) {
                if case let .timers(action) = $0 { action } else { nil }
            }
        }
        static let allCasePaths = AllCasePaths()
    }

    var presentsInASibling = false

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            if presentsInASibling, case .open = action { state.timers = Timers.State() }
            return .none
        }
        Reduce { state, action in
            if !presentsInASibling, case .open = action { state.timers = Timers.State() }
            return .none
        }
        .ifLet(\.$timers, action: \.timers) { Timers() }
    }
}

/// Presents a `Host`, which presents the timers: a timer's effect comes up through two
/// presentations, each putting its ids under its own.
private struct Outer: Reducer {
    struct State: Equatable {
        @PresentationState var host: Host.State?
    }

    enum Action: Equatable, Sendable, CasePathable {
        case open
        case host(PresentationAction<Host.Action>)

        struct AllCasePaths {
            let host = CasePath<Action, PresentationAction<Host.Action>>(embed: Action.host) {
                if case let .host(action) = $0 { action } else { nil }
            }
        }
        static let allCasePaths = AllCasePaths()
    }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            if case .open = action { state.host = Host.State() }
            return .none
        }
        .ifLet(\.$host, action: \.host) { Host() }
    }
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
        await store.send(.open) { $0.timers = Timers.State() }
        await store.send(.timers(.presented(.start("a"))))
        await store.send(.timers(.presented(.start("b"))))
        // The last id the presentation scoped is "b": stopping "a" must stop "a" only.
        await store.send(.timers(.presented(.stop("a"))))
        await clock.advance(by: .seconds(1))
        await store.receive(.timers(.presented(.fired("b"))))
        // And "a" again, after "b": a new effect under "a", which "b" does not stop.
        await store.send(.timers(.presented(.start("a"))))
        await store.send(.timers(.presented(.stop("b"))))
        await clock.advance(by: .seconds(1))
        await store.receive(.timers(.presented(.fired("a"))))
        await store.finish()
    }

    @Test func aChildTwoPresentationsDownIsCancelledByItsIDAndByEitherDismissal() async {
        let clock = TestClock()
        let store = TestStore(initialState: Outer.State()) { Outer() } withDependencies: { $0.clock = clock }
        func timers(_ action: Timers.Action) -> Outer.Action { .host(.presented(.timers(.presented(action)))) }
        await store.send(.open) { $0.host = Host.State() }
        await store.send(.host(.presented(.open))) { $0.host?.timers = Timers.State() }
        // By its own id, under both presentations.
        await store.send(timers(.start("a")))
        await store.send(timers(.stop("a")))
        await clock.advance(by: .seconds(1))
        // By the middle presentation's dismissal.
        await store.send(timers(.start("b")))
        await store.send(.host(.presented(.timers(.dismiss)))) { $0.host?.timers = nil }
        await clock.advance(by: .seconds(1))
        // By the outer one's.
        await store.send(.host(.presented(.open))) { $0.host?.timers = Timers.State() }
        await store.send(timers(.start("c")))
        await store.send(.host(.dismiss)) { $0.host = nil }
        await clock.advance(by: .seconds(1))
        // And one left alone arrives, through both.
        await store.send(.open) { $0.host = Host.State() }
        await store.send(.host(.presented(.open))) { $0.host?.timers = Timers.State() }
        await store.send(timers(.start("d")))
        await clock.advance(by: .seconds(1))
        await store.receive(timers(.fired("d")))
        await store.finish()
    }

    @Test func presentingAnewInASiblingReducerEndsTheOldChildsEffects() async {
        let clock = TestClock()
        let store = TestStore(initialState: Host.State()) { Host(presentsInASibling: true) } withDependencies: { $0.clock = clock }
        await store.send(.open) { $0.timers = Timers.State() }
        await store.send(.timers(.presented(.start("a"))))
        await store.send(.open)   // an equal state, but a new presentation
        await clock.advance(by: .seconds(1))
        // The old child's timer must not fire into the new child.
        await store.send(.timers(.presented(.start("b"))))
        await clock.advance(by: .seconds(1))
        await store.receive(.timers(.presented(.fired("b"))))
        await store.finish()
    }
}
