import Composable
import ComposableTesting
import Testing

/// The seeds' counter: increment, decrement, and a number fact fetched by an effect.
struct Counter: Reducer {
    struct State: Equatable {
        var count = 0
        var fact: String?
        var isLoadingFact = false
    }

    enum Action: Equatable, Sendable {
        case decrementTapped
        case incrementTapped
        case factTapped
        case factLoaded(String)
    }

    var fact: @Sendable (Int) async -> String = { "\($0) is a number." }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .decrementTapped:
                state.count -= 1
                state.fact = nil
                return .none
            case .incrementTapped:
                state.count += 1
                state.fact = nil
                return .none
            case .factTapped:
                state.isLoadingFact = true
                return .run { [count = state.count, fact] send in
                    await send(.factLoaded(await fact(count)))
                }
            case let .factLoaded(fact):
                state.isLoadingFact = false
                state.fact = fact
                return .none
            }
        }
    }
}

@MainActor
@Suite struct CounterTests {
    @Test func incrementAndDecrementChangeTheCount() async {
        let store = TestStore(initialState: Counter.State()) { Counter() }
        await store.send(.incrementTapped) { $0.count = 1 }
        await store.send(.incrementTapped) { $0.count = 2 }
        await store.send(.decrementTapped) { $0.count = 1 }
        await store.finish()
    }

    @Test func aFactArrivesThroughAnEffect() async {
        let store = TestStore(initialState: Counter.State(count: 3)) { Counter() }
        await store.send(.factTapped) { $0.isLoadingFact = true }
        await store.receive(.factLoaded("3 is a number.")) {
            $0.isLoadingFact = false
            $0.fact = "3 is a number."
        }
        await store.finish()
    }

    @Test func aWrongExpectationFailsWithAFieldByFieldDiff() async {
        let store = TestStore(initialState: Counter.State()) { Counter() }
        await withKnownIssue {
            await store.send(.incrementTapped) { $0.count = 2 }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("− ") && text.contains("count: 2") && text.contains("+ ") && text.contains("count: 1")
        }
        await store.finish()
    }

    @Test func anUnassertedChangeFails() async {
        let store = TestStore(initialState: Counter.State()) { Counter() }
        await withKnownIssue {
            await store.send(.incrementTapped)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("expected no change")
        }
    }

    @Test func anUnreceivedEffectActionFailsTheNextSend() async {
        let store = TestStore(initialState: Counter.State()) { Counter() }
        let task = await store.send(.factTapped) { $0.isLoadingFact = true }
        await task.finish()  // the effect has sent .factLoaded, which nobody has received
        await withKnownIssue {
            await store.send(.incrementTapped) { $0.count = 1; $0.fact = nil }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Must handle 1 received action")
        }
    }

    @Test func droppingAStoreWithAnUnreceivedActionFails() async {
        await withKnownIssue {
            let store = TestStore(initialState: Counter.State()) { Counter() }
            await store.send(.factTapped) { $0.isLoadingFact = true }.finish()
            // The store ends here, holding .factLoaded that the test never received.
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("did not assert")
        }
    }

    @Test func receivingAnActionNobodySentFails() async {
        let store = TestStore(initialState: Counter.State()) { Counter() }
        await withKnownIssue {
            await store.receive(.factLoaded("x"), timeout: .milliseconds(50))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Expected to receive")
        }
    }

    @Test func receivingTheWrongActionFails() async {
        let store = TestStore(initialState: Counter.State()) { Counter() }
        await store.send(.factTapped) { $0.isLoadingFact = true }
        await withKnownIssue {
            await store.receive(.factLoaded("a different fact")) {
                $0.isLoadingFact = false
                $0.fact = "0 is a number."
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Received an unexpected action")
        }
    }

    @Test func nonExhaustiveStoresCheckOnlyWhatIsAsserted() async {
        let store = TestStore(initialState: Counter.State()) { Counter() }
        store.exhaustivity = .off
        await store.send(.incrementTapped)
        await store.send(.factTapped)
        await store.receive(.factLoaded("1 is a number.")) { $0.fact = "1 is a number." }
        #expect(store.state == Counter.State(count: 1, fact: "1 is a number.", isLoadingFact: false))
    }

    @Test func nonExhaustiveStoresStillCatchWrongAssertions() async {
        let store = TestStore(initialState: Counter.State()) { Counter() }
        store.exhaustivity = .off
        await withKnownIssue {
            await store.send(.incrementTapped) { $0.count = 5 }
        }
    }
}
