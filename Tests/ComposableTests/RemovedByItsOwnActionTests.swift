import Composable
import ComposableTesting
import Testing

// A parent that removes a child on an action the child also reduced ends the work the child
// started for that action with the child: a cancel runs before the operations of its action,
// so that work outlived its child and sent it actions after it had gone.

/// Starts a timer: of two seconds on `.start`, of one on `.startAndLeave`, which its parent
/// answers by removing it.
private struct Ticker: Reducer {
    struct State: Equatable {}
    enum Action: Equatable, Sendable { case start, startAndLeave, fired }
    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start, .startAndLeave:
            return .run { [seconds = action == .start ? 2 : 1] send in
                try await clock.sleep(for: .seconds(seconds))
                await send(.fired)
            }
        case .fired:
            return .none
        }
    }
}

/// A timer three ways: presented, an optional, and a stack of them.
private struct Holder: Reducer {
    struct State: Equatable {
        @PresentationState var sheet: Ticker.State?
        var optional: Ticker.State?
        var stack = StackState<Ticker.State>()
    }

    enum Action: Equatable, Sendable, CasePathable {
        case sheet(PresentationAction<Ticker.Action>)
        case optional(Ticker.Action)
        case stack(StackAction<Ticker.State, Ticker.Action>)
        case open

        struct AllCasePaths {
            let sheet = CasePath<Action, PresentationAction<Ticker.Action>>(embed: Action.sheet) {
                if case let .sheet(action) = $0 { action } else { nil }
            }
            let optional = CasePath<Action, Ticker.Action>(embed: Action.optional) {
                if case let .optional(action) = $0 { action } else { nil }
            }
            let stack = CasePath<Action, StackAction<Ticker.State, Ticker.Action>>(embed: Action.stack) {
                if case let .stack(action) = $0 { action } else { nil }
            }
        }
        static let allCasePaths = AllCasePaths()
    }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .open:
                state.sheet = Ticker.State()
                state.optional = Ticker.State()
                state.stack = StackState([Ticker.State(), Ticker.State()])
            case .sheet(.presented(.startAndLeave)):
                state.sheet = nil
            case .optional(.startAndLeave):
                state.optional = nil
            case let .stack(.element(id, .startAndLeave)):
                state.stack[id: id] = nil
            case .sheet, .optional, .stack:
                break
            }
            return .none
        }
        .ifLet(\.$sheet, action: \.sheet) { Ticker() }
        .ifLet(\.optional, action: \.optional) { Ticker() }
        .forEach(\.stack, action: \.stack) { Ticker() }
    }
}

@MainActor
@Suite struct RemovedByItsOwnActionTests {
    private func opened() async -> (TestStore<Holder.State, Holder.Action>, TestClock) {
        let clock = TestClock()
        let store = TestStore(initialState: Holder.State()) { Holder() } withDependencies: { $0.clock = clock }
        await store.send(.open) {
            $0.sheet = Ticker.State()
            $0.optional = Ticker.State()
            $0.stack = StackState([Ticker.State(), Ticker.State()])
        }
        return (store, clock)
    }

    @Test func aPresentedChildDismissedOnItsOwnAction() async {
        let (store, clock) = await opened()
        await store.send(.sheet(.presented(.startAndLeave))) { $0.sheet = nil }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func anOptionalChildClearedOnItsOwnAction() async {
        let (store, clock) = await opened()
        await store.send(.optional(.startAndLeave)) { $0.optional = nil }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    // The other element's longer timer goes on; it fires after the removed one's would have.
    @Test func aStackElementRemovedOnItsOwnAction() async {
        let (store, clock) = await opened()
        let ids = store.state.stack.ids
        await store.send(.stack(.element(id: ids[1], action: .start)))
        await store.send(.stack(.element(id: ids[0], action: .startAndLeave))) { $0.stack[id: ids[0]] = nil }
        await clock.advance(by: .seconds(1))
        await clock.advance(by: .seconds(1))
        await store.receive(.stack(.element(id: ids[1], action: .fired)))
        await store.finish()
    }
}
