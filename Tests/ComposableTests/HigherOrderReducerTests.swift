import Composable
import ComposableTesting
import Testing

/// The seed's higher-order reducer: uppercases the text at a key path whenever the action at
/// a case path arrives. It knows nothing of the feature it is dropped into.
struct UppercasedReducer<State, Action>: Reducer {
    let text: WritableKeyPath<State, String>
    let trigger: CasePath<Action, Void>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        guard trigger.extract(from: action) != nil else { return .none }
        state[keyPath: text] = state[keyPath: text].uppercased()
        return .none
    }
}

/// A form with two text fields, each uppercased by the same generic reducer.
struct NameForm: Reducer {
    struct State: Equatable {
        var givenName = ""
        var familyName = ""
    }

    enum Action: Equatable, Sendable, BindableAction, CasePathable {
        case binding(BindingAction<State>)
        case shoutGivenNameTapped
        case shoutFamilyNameTapped

        var binding: BindingAction<State>? {
            if case let .binding(action) = self { action } else { nil }
        }

        struct AllCasePaths {
            let shoutGivenNameTapped = CasePath(Action.shoutGivenNameTapped) {
                if case .shoutGivenNameTapped = $0 { true } else { false }
            }
            let shoutFamilyNameTapped = CasePath(Action.shoutFamilyNameTapped) {
                if case .shoutFamilyNameTapped = $0 { true } else { false }
            }
        }
        static let allCasePaths = AllCasePaths()
    }

    var body: some ReducerOf<Self> {
        BindingReducer()
        UppercasedReducer(text: \.givenName, trigger: Action.casePath(\.shoutGivenNameTapped))
        UppercasedReducer(text: \.familyName, trigger: Action.casePath(\.shoutFamilyNameTapped))
    }
}

@MainActor
@Suite struct HigherOrderReducerTests {
    @Test func oneGenericReducerServesTwoFields() async {
        let store = TestStore(initialState: NameForm.State()) { NameForm() }
        await store.send(.set(\.givenName, "hanako")) { $0.givenName = "hanako" }
        await store.send(.set(\.familyName, "yamada")) { $0.familyName = "yamada" }
        await store.send(.shoutGivenNameTapped) { $0.givenName = "HANAKO" }
        await store.send(.shoutFamilyNameTapped) { $0.familyName = "YAMADA" }
        await store.finish()
    }

    @Test func bindingActionsCompareByFieldAndValue() {
        let a = BindingAction<NameForm.State>.set(\.givenName, "a")
        #expect(a == .set(\.givenName, "a"))
        #expect(a != .set(\.givenName, "b"))
        #expect(a != .set(\.familyName, "a"))
        #expect(a.value(of: \.givenName) == "a")
        #expect(a.value(of: \.familyName) == nil)
    }

    @Test func logActionsReportsEachActionAndTheWatchedChange() async {
        let lines = LockedLines()
        let store = TestStore(initialState: Counter.State()) {
            Counter().logActions(watching: \.count) { lines.append($0) }
        }
        await store.send(.incrementTapped) { $0.count = 1 }
        await store.send(.factTapped) { $0.isLoadingFact = true }
        await store.receive(.factLoaded("1 is a number.")) {
            $0.isLoadingFact = false
            $0.fact = "1 is a number."
        }
        #expect(lines.all == ["incrementTapped: 0 -> 1", "factTapped", "factLoaded(\"1 is a number.\")"])
        await store.finish()
    }
}

/// Lines collected from a reducer, safe to read from the test.
final class LockedLines: @unchecked Sendable {
    // Written only on the main actor by the store, read by the test on the main actor.
    private(set) var all: [String] = []
    func append(_ line: String) { all.append(line) }
}
