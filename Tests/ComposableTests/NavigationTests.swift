import Composable
import ComposableTesting
import Testing

/// A quiz-like parent: a presented settings sheet (ifLet) and a stack of pushed screens (forEach).
struct Session: Reducer {
    struct State: Equatable {
        var sheet: Stopwatch.State?
        var path = StackState<Stopwatch.State>()
    }

    enum Action: Equatable, Sendable, CasePathable {
        case sheet(Stopwatch.Action)
        case path(StackAction<Stopwatch.State, Stopwatch.Action>)
        case openSheetTapped
        case closeSheetTapped
        case pushTapped
        case popTapped
        case replaceStackTapped

        struct AllCasePaths {
            let sheet = CasePath<Action, Stopwatch.Action>(embed: Action.sheet) {
                if case let .sheet(action) = $0 { action } else { nil }
            }
            let path = CasePath<Action, StackAction<Stopwatch.State, Stopwatch.Action>>(embed: Action.path) {
                if case let .path(action) = $0 { action } else { nil }
            }
        }
        static let allCasePaths = AllCasePaths()
    }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .openSheetTapped:
                state.sheet = Stopwatch.State()
                return .none
            case .closeSheetTapped:
                state.sheet = nil
                return .none
            case .pushTapped:
                state.path.append(Stopwatch.State())
                return .none
            case .popTapped:
                state.path.removeLast()
                return .none
            case .replaceStackTapped:
                state.path = StackState([Stopwatch.State()])
                return .none
            case .sheet, .path:
                return .none
            }
        }
        .ifLet(\.sheet, action: \.sheet) { Stopwatch() }
        .forEach(\.path, action: \.path) { Stopwatch() }
    }
}

@MainActor
@Suite struct NavigationTests {
    @Test func dismissingAChildCancelsItsEffects() async {
        let clock = TestClock()
        let store = TestStore(initialState: Session.State()) { Session() } withDependencies: {
            $0.clock = clock
        }
        await store.send(.openSheetTapped) { $0.sheet = Stopwatch.State() }
        await store.send(.sheet(.startTapped)) { $0.sheet?.isRunning = true }
        await clock.advance(by: .seconds(1))
        await store.receive(.sheet(.timerTicked)) { $0.sheet?.seconds = 1 }
        await store.send(.closeSheetTapped) { $0.sheet = nil }
        await clock.advance(by: .seconds(5))
        await store.finish()
    }

    @Test func pushedElementsRunAndPoppingCancelsTheirEffects() async {
        let clock = TestClock()
        let store = TestStore(initialState: Session.State()) { Session() } withDependencies: {
            $0.clock = clock
        }
        await store.send(.pushTapped) { $0.path.append(Stopwatch.State()) }
        await store.send(.pushTapped) { $0.path.append(Stopwatch.State()) }
        let top = store.state.path.ids[1]
        await store.send(.path(.element(id: top, action: .startTapped))) {
            $0.path[id: top]?.isRunning = true
        }
        await clock.advance(by: .seconds(1))
        await store.receive(.path(.element(id: top, action: .timerTicked))) {
            $0.path[id: top]?.seconds = 1
        }
        await store.send(.popTapped) { $0.path.removeLast() }
        await clock.advance(by: .seconds(5))
        await store.finish()
    }

    @Test func aChildsCancelIDsAreItsOwn() async {
        // The sheet and a pushed element both use Stopwatch.CancelID.timer: starting one
        // (which cancels its timer in flight) must not stop the other.
        let clock = TestClock()
        let store = TestStore(initialState: Session.State()) { Session() } withDependencies: {
            $0.clock = clock
        }
        await store.send(.openSheetTapped) { $0.sheet = Stopwatch.State() }
        await store.send(.sheet(.startTapped)) { $0.sheet?.isRunning = true }
        await store.send(.pushTapped) { $0.path.append(Stopwatch.State()) }
        let element = store.state.path.ids[0]
        await store.send(.path(.element(id: element, action: .startTapped))) {
            $0.path[id: element]?.isRunning = true
        }
        await clock.advance(by: .seconds(1))
        await store.receive(.sheet(.timerTicked)) { $0.sheet?.seconds = 1 }
        await store.receive(.path(.element(id: element, action: .timerTicked))) {
            $0.path[id: element]?.seconds = 1
        }
        await store.send(.closeSheetTapped) { $0.sheet = nil }
        await store.send(.popTapped) { $0.path.removeLast() }
        await store.finish()
    }

    @Test func replacingTheStackEndsTheOldElementsEffects() async {
        let clock = TestClock()
        let store = TestStore(initialState: Session.State()) { Session() } withDependencies: {
            $0.clock = clock
        }
        await store.send(.pushTapped) { $0.path.append(Stopwatch.State()) }
        let old = store.state.path.ids[0]
        await store.send(.path(.element(id: old, action: .startTapped))) {
            $0.path[id: old]?.isRunning = true
        }
        // A new stack replaces it; its element is numbered on from the old one's, #1, so
        // that no id is given twice in a store.
        await store.send(.replaceStackTapped) {
            $0.path.removeAll()
            $0.path.append(Stopwatch.State())
        }
        #expect(store.state.path.ids == [StackElementID(rawValue: 1)])
        await clock.advance(by: .seconds(3))
        await store.finish()
    }

    @Test func eachChangeToTheStackEndsOnlyTheEffectsOfTheElementsItRemoved() async {
        // A store's forEach remembers the stack as the last action left it: the pop must
        // cancel the top element only, and the replacement, actions later, the one left.
        let clock = TestClock()
        let store = TestStore(initialState: Session.State()) { Session() } withDependencies: {
            $0.clock = clock
        }
        await store.send(.pushTapped) { $0.path.append(Stopwatch.State()) }
        await store.send(.pushTapped) { $0.path.append(Stopwatch.State()) }
        let (bottom, top) = (store.state.path.ids[0], store.state.path.ids[1])
        await store.send(.path(.element(id: bottom, action: .startTapped))) { $0.path[id: bottom]?.isRunning = true }
        await store.send(.path(.element(id: top, action: .startTapped))) { $0.path[id: top]?.isRunning = true }
        await clock.advance(by: .seconds(1))
        await store.receive(.path(.element(id: bottom, action: .timerTicked))) { $0.path[id: bottom]?.seconds = 1 }
        await store.receive(.path(.element(id: top, action: .timerTicked))) { $0.path[id: top]?.seconds = 1 }
        await store.send(.popTapped) { $0.path.removeLast() }
        await clock.advance(by: .seconds(1))
        await store.receive(.path(.element(id: bottom, action: .timerTicked))) { $0.path[id: bottom]?.seconds = 2 }
        await store.send(.replaceStackTapped) {
            $0.path.removeAll()
            $0.path.append(Stopwatch.State())
        }
        await clock.advance(by: .seconds(3))
        await store.finish()
    }

    @Test func popFromRemovesTheElementAndEverythingAboveIt() async {
        let store = TestStore(initialState: Session.State()) { Session() }
        await store.send(.pushTapped) { $0.path.append(Stopwatch.State()) }
        await store.send(.pushTapped) { $0.path.append(Stopwatch.State()) }
        await store.send(.pushTapped) { $0.path.append(Stopwatch.State()) }
        let second = store.state.path.ids[1]
        await store.send(.path(.popFrom(id: second))) {
            $0.path.pop(from: second)
        }
        #expect(store.state.path.count == 1)
        let pushed = StackElementID(rawValue: 7)
        await store.send(.path(.push(id: pushed, state: Stopwatch.State(seconds: 9)))) {
            $0.path[id: pushed] = Stopwatch.State(seconds: 9)
        }
        #expect(store.state.path.ids.last == pushed)
    }
}
