@testable import Composable
import ComposableTesting
import Testing

// A task inherits the task-locals of the code that made it. An effect's task can be made
// while a presented child's effect sends an action (the parent answers it with an effect),
// and the child's effect runs with its presentation in a task-local: the parent's effect must
// not inherit it, or its `dismiss()` would close the child.

private struct Sheet: Reducer {
    struct State: Equatable {}
    enum Action: Equatable, Sendable { case start, ping }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start: return .run { send in await send(.ping) }
        case .ping: return .none
        }
    }
}

private struct Page: Reducer {
    struct State: Equatable {
        var sheet = PresentationState<Sheet.State>(wrappedValue: Sheet.State())
        var sawPresentation: [Bool] = []
    }

    enum Action: Equatable, Sendable, CasePathable {
        case sheet(PresentationAction<Sheet.Action>)
        case saw(presentation: Bool)

        struct AllCasePaths {
            let sheet = CasePath<Action, PresentationAction<Sheet.Action>>(embed: Action.sheet) {
                if case let .sheet(action) = $0 { action } else { nil }
            }
        }
        static let allCasePaths = AllCasePaths()
    }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .sheet(.presented(.ping)):
                // The page's own effect: nothing presents the page, so nothing to dismiss.
                return .run { send in await send(.saw(presentation: DismissEffect.presentation != nil)) }
            case let .saw(presentation):
                state.sawPresentation.append(presentation)
                return .none
            case .sheet:
                return .none
            }
        }
        .ifLet(\.sheet, action: \.sheet) { Sheet() }
    }
}

@MainActor
@Suite struct DismissInheritanceTests {
    @Test func aParentsEffectStartedByAChildsEffectHasNoPresentationToDismiss() async {
        let store = TestStore(initialState: Page.State()) { Page() }
        await store.send(.sheet(.presented(.start)))
        await store.receive(.sheet(.presented(.ping)))
        await store.receive(.saw(presentation: false)) { $0.sawPresentation = [false] }
        await store.finish()
    }
}
