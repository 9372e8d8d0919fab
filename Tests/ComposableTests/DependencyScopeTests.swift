import Composable
import ComposableTesting
import Foundation
import Testing

// Synchronous dependency scopes are kept per thread, asynchronous ones per task; the
// innermost wins, and each ends with its scope.

/// A generator that always gives the UUID starting with `prefix` (eight hex digits).
private func fixed(_ prefix: String) -> UUIDGenerator {
    let uuid = UUID(uuidString: prefix + "-0000-0000-0000-000000000000")!
    return UUIDGenerator { uuid }
}
private struct Stamp: Reducer {
    struct State: Equatable { var seen: [String] = [] }
    enum Action: Equatable, Sendable { case start, seen(String) }
    @Dependency(\.uuid) var uuid

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
            state.seen.append("reducer \(uuid().uuidString.prefix(8))")
            return .run { send in
                let inner = withDependencies { $0.uuid = fixed("22222222") }
                    operation: { uuid().uuidString.prefix(8) }
                await send(.seen("scoped \(inner)"))
                await send(.seen("effect \(uuid().uuidString.prefix(8))"))
            }
        case let .seen(text):
            state.seen.append(text)
            return .none
        }
    }
}

/// A hook the reducer below calls while it reduces: what a dependency client holding the
/// test store could do.
@MainActor private final class DuringReduce { var run: () -> Void = {} }

/// Reads a dependency after calling the hook.
private struct ReadsAfterTheHook: Reducer {
    struct State: Equatable { var seen: [String] = [] }
    enum Action: Equatable, Sendable { case read }
    let hook: DuringReduce
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        MainActor.assumeIsolated { hook.run() }
        state.seen.append(String(DependencyValues.current.uuid().uuidString.prefix(8)))
        return .none
    }
}

@MainActor
@Suite struct DependencyScopeTests {
    @Test func theInnermostScopeWinsAndEndsWithItsScope() async {
        let store = Store(initialState: Stamp.State()) {
            Stamp()
        } withDependencies: {
            $0.uuid = fixed("11111111")
        }
        await store.send(.start).finish()
        #expect(store.state.seen == ["reducer 11111111", "scoped 22222222", "effect 11111111"])
        // Outside the store, nothing of its scope is left on this thread.
        #expect(DependencyValues.current.uuid().uuidString.prefix(8) != "11111111")
    }

    @Test func aTaskMadeInsideWithDependenciesInheritsThem() async {
        @Dependency(\.uuid) var uuid
        let task = withDependencies { $0.uuid = fixed("33333333") } operation: {
            Task { uuid().uuidString.prefix(8) }
        }
        #expect(await task.value == "33333333")
        let awaited = await withDependencies { $0.uuid = fixed("44444444") } operation: {
            await Task { uuid().uuidString.prefix(8) }.value
        }
        #expect(awaited == "44444444")
    }

    /// A dependency is remembered with the values it was read from: one reducer value run by
    /// two stores reads each store's own, and values made by `withDependencies` are read anew.
    @Test func aRememberedDependencyIsReadAgainFromOtherValues() async {
        let shared = Stamp()
        let first = Store(initialState: Stamp.State()) { shared } withDependencies: { $0.uuid = fixed("55555555") }
        let second = Store(initialState: Stamp.State()) { shared } withDependencies: { $0.uuid = fixed("66666666") }
        await first.send(.start).finish()
        await second.send(.start).finish()
        await first.send(.start).finish()
        #expect(first.state.seen.filter { !$0.hasPrefix("scoped") } == [
            "reducer 55555555", "effect 55555555", "reducer 55555555", "effect 55555555",
        ])
        #expect(second.state.seen.filter { !$0.hasPrefix("scoped") } == ["reducer 66666666", "effect 66666666"])
        withDependencies { $0.uuid = fixed("77777777") } operation: {
            #expect(shared.uuid().uuidString.prefix(8) == "77777777")
        }
        withDependencies { $0.uuid = fixed("88888888") } operation: {
            #expect(shared.uuid().uuidString.prefix(8) == "88888888")
        }
    }

    /// A send enters its store's values without retaining them: values replaced while it
    /// reduces are kept until it ends, and it reads them to the end; the next send reads the
    /// new ones. (Before they were kept, the replaced values were freed under the send.)
    @Test func valuesReplacedWhileASendReducesServeThatSendToItsEnd() async {
        let hook = DuringReduce()
        let store = TestStore(initialState: ReadsAfterTheHook.State()) { ReadsAfterTheHook(hook: hook) } withDependencies: {
            $0.uuid = fixed("11111111")
        }
        hook.run = { [unowned store] in
            hook.run = {}
            store.dependencies.uuid = fixed("22222222")
        }
        await store.send(.read) { $0.seen = ["11111111"] }
        await store.send(.read) { $0.seen = ["11111111", "22222222"] }
    }
}
