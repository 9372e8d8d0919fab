import Composable
import Testing

// An effect's work starts on the store's actor. It used to start on the global executor and
// come back for every action it sent: two thread switches an effect, which cost more than the
// rest of a quiz question. The nested task-local scopes of a presented child (its
// dependencies, its `dismiss`) were what sent it away, so the child's effect is the one to watch.

/// Where an effect's work ran: the name of its actor, or "no actor".
private func whereItRuns(_ isolation: (any Actor)?) -> String {
    isolation.map { "\(type(of: $0))" } ?? "no actor"
}

private struct Sheet: Reducer {
    struct State: Equatable { var ranOn: [String] = [] }
    enum Action: Equatable, Sendable { case start, ran(String), close }
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
            return .run { send in await send(.ran(whereItRuns(#isolation))) }
        case let .ran(name):
            state.ranOn.append(name)
            return .none
        case .close:
            return .run { send in
                await send(.ran("closing"))
                await dismiss()
            }
        }
    }
}

private struct Page: Reducer {
    struct State: Equatable {
        var sheet = PresentationState<Sheet.State>(wrappedValue: Sheet.State())
        var ranOn: [String] = []
    }

    enum Action: Equatable, Sendable, CasePathable {
        case sheet(PresentationAction<Sheet.Action>)
        case start, ran(String), twoSteps, other

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
            case .start:
                return .run { send in await send(.ran(whereItRuns(#isolation))) }
                    .cancellable(id: "start", cancelInFlight: true)
            case let .ran(name):
                state.ranOn.append(name)
                return .none
            case .twoSteps:
                return .run { send in
                    await send(.ran("first"))
                    await send(.ran("second"))
                }
            case .other:
                state.ranOn.append("other")
                return .none
            case .sheet(.dismiss):
                state.ranOn.append("sheet dismissed")
                return .none
            case .sheet:
                return .none
            }
        }
        .ifLet(\.sheet, action: \.sheet) { Sheet().dependency(\.uuid, .incrementing) }
    }
}

@MainActor
@Suite struct EffectIsolationTests {
    @Test func aRootEffectStartsOnTheStoresActor() async {
        let store = Store(initialState: Page.State()) { Page() }
        await store.send(.start).finish()
        #expect(store.state.ranOn == ["MainActor"])
    }

    @Test func aPresentedChildsEffectUnderADependencyOverrideStartsOnTheStoresActor() async {
        let store = Store(initialState: Page.State()) { Page() }
        await store.send(.sheet(.presented(.start))).finish()
        #expect(store.state.sheet.wrappedValue?.ranOn == ["MainActor"])
    }

    // Found by the review of the change above: the effect, now on the main actor, ran whole
    // before a cancel that waited for its turn there.
    @Test func cancellingAStoreTaskAtOnceStopsItsEffectBeforeItSendsAnything() async {
        let store = Store(initialState: Page.State()) { Page() }
        let task = store.send(.twoSteps)
        task.cancel()
        await task.finish()
        #expect(store.state.ranOn == [])
    }

    // dismiss() used to leave the store's actor and come back, letting other work in between.
    @Test func dismissFromAChildsEffectKeepsTheStoresActor() async {
        let store = Store(initialState: Page.State()) { Page() }
        let closing = store.send(.sheet(.presented(.close)))
        let other = Task { @MainActor in store.send(.other) }
        await closing.finish()
        await other.value
        #expect(store.state.sheet.wrappedValue == nil)
        #expect(store.state.ranOn == ["sheet dismissed", "other"])
    }

    // Awaiting a store task waits on the caller's actor: a nonisolated `finish` left the main
    // actor for the global executor and came back, letting other work in between and costing
    // two thread wake-ups for every answer a front end awaits.
    @Test func finishingAStoreTaskKeepsTheCallersActor() async {
        let store = Store(initialState: Page.State()) { Page() }
        let task = store.send(.start)
        await task.finish()
        let order = Order()
        let other = Task { @MainActor in order.entries.append("other") }
        await task.finish()
        order.entries.append("after finish")
        await other.value
        #expect(order.entries == ["after finish", "other"])
    }

    // A waiter on the main actor resumes on the main queue; one anywhere else resumes on
    // the global executor. Both see every effect ended.
    @Test func aStoreTaskAwaitedOffTheMainActorFinishesToo() async {
        let store = Store(initialState: Page.State()) { Page() }
        let task = store.send(.twoSteps)
        await Task.detached { await task.finish() }.value
        #expect(store.state.ranOn == ["first", "second"])
    }
}

/// What ran, in order.
@MainActor
private final class Order {
    var entries: [String] = []
}
