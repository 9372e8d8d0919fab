import Composable
import ComposableTesting
import Testing

/// A parent holding two counters and a total, as in the seeds' parent/child example.
struct TwoCounters: Reducer {
    struct State: Equatable {
        var left = Counter.State()
        var right = Counter.State()
        var total: Int { left.count + right.count }
        var changes = 0
    }

    enum Action: Equatable, Sendable, CasePathable {
        case left(Counter.Action)
        case right(Counter.Action)
        case resetTapped

        struct AllCasePaths {
            let left = CasePath<Action, Counter.Action>(embed: Action.left) {
                if case let .left(action) = $0 { action } else { nil }
            }
            let right = CasePath<Action, Counter.Action>(embed: Action.right) {
                if case let .right(action) = $0 { action } else { nil }
            }
        }
        static let allCasePaths = AllCasePaths()
    }

    var body: some ReducerOf<Self> {
        Scope(state: \.left, action: \.left) { Counter() }
        Scope(state: \.right, action: \.right) { Counter() }
        Reduce { state, action in
            switch action {
            case .left, .right:
                state.changes += 1
                return .none
            case .resetTapped:
                state.left.count = 0
                state.right.count = 0
                return .none
            }
        }
    }
}

@MainActor
@Suite struct ScopeTests {
    @Test func childActionsReachTheirChildThenTheParent() async {
        let store = TestStore(initialState: TwoCounters.State()) { TwoCounters() }
        await store.send(.left(.incrementTapped)) {
            $0.left.count = 1
            $0.changes = 1
        }
        await store.send(.right(.decrementTapped)) {
            $0.right.count = -1
            $0.changes = 2
        }
        #expect(store.state.total == 0)
        await store.send(.resetTapped) {
            $0.left.count = 0
            $0.right.count = 0
        }
        await store.finish()
    }

    @Test func childEffectsComeBackAsParentActions() async {
        let store = TestStore(initialState: TwoCounters.State()) { TwoCounters() }
        await store.send(.right(.factTapped)) {
            $0.right.isLoadingFact = true
            $0.changes = 1
        }
        await store.receive(.right(.factLoaded("0 is a number."))) {
            $0.right.isLoadingFact = false
            $0.right.fact = "0 is a number."
            $0.changes = 2
        }
        await store.send(.left(.factTapped)) {
            $0.left.isLoadingFact = true
            $0.changes = 3
        }
        await store.receive(\.left) {
            $0.left.isLoadingFact = false
            $0.left.fact = "0 is a number."
            $0.changes = 4
        }
        await store.finish()
    }

    @Test func casePathsEmbedAndExtract() {
        let path = TwoCounters.Action.casePath(\.left)
        #expect(path.embed(.incrementTapped) == .left(.incrementTapped))
        #expect(path.extract(from: .left(.decrementTapped)) == .decrementTapped)
        #expect(path.extract(from: .right(.decrementTapped)) == nil)
        #expect(TwoCounters.Action.right(.factTapped).is(\.right))
        #expect(TwoCounters.Action.resetTapped[case: \.left] == nil)
    }
}
