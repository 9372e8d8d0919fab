import Composable
import Dispatch
import Synchronization
import Testing

// Whoever awaits a send's effects is let go once they have ended, wherever it waits and
// however many wait; it waits on its own actor and, after, runs nonisolated work off the
// main queue again.

/// A feature whose effect waits for a gate, or sleeps until it is cancelled.
private struct Gated: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable, Sendable { case wait, ended, sleepForever }
    let gate: AsyncStream<Void>
    let began: AsyncStream<Void>.Continuation

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .wait:
            return .run { [gate, began] send in
                began.yield()
                for await _ in gate {}
                await send(.ended)
            }
        case .ended:
            state.log.append("ended")
            return .none
        case .sleepForever:
            return .run { [began] _ in
                began.yield()
                try? await Task.sleep(for: .seconds(3600))
            }
        }
    }
}

/// Who has been let go, from any thread.
private final class Released: Sendable {
    private let names = Mutex<[String]>([])
    func add(_ name: String) { names.withLock { $0.append(name) } }
    var all: [String] { names.withLock { $0 } }
}

private actor Waiter {
    func wait(for task: StoreTask) async -> Bool {
        await task.finish()
        assertIsolated()
        return true
    }
}

/// A store of `Gated`, the gate's opener, and word of each effect that has begun.
@MainActor
private func gatedStore() -> (Store<Gated.State, Gated.Action>, AsyncStream<Void>.Continuation, AsyncStream<Void>) {
    let (gate, open) = AsyncStream<Void>.makeStream()
    let (began, beginning) = AsyncStream<Void>.makeStream()
    let store = Store(initialState: Gated.State()) { Gated(gate: gate, began: beginning) }
    return (store, open, began)
}

private let mainQueueMark = DispatchSpecificKey<Bool>()

/// Whether nonisolated work runs on the main queue (whichever thread serves it).
@concurrent private func nonisolatedWorkIsOnTheMainQueue() async -> Bool {
    DispatchQueue.getSpecific(key: mainQueueMark) ?? false
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct StoreTaskWaiterTests {
    @Test func anotherActorWaitsOnItsOwnActor() async {
        let (store, open, began) = gatedStore()
        let task = store.send(.wait)
        for await _ in began { break }
        let waiting = Task { await Waiter().wait(for: task) }
        for _ in 0..<20 { await Task.yield() }
        open.finish()
        #expect(await waiting.value)
        #expect(store.state.log == ["ended"])
    }

    @Test func waitersOnTheMainActorAndOffItAtOnceAreAllLetGo() async {
        let (store, open, began) = gatedStore()
        let task = store.send(.wait)
        for await _ in began { break }
        let released = Released()
        let onMain = Task { @MainActor in
            await task.finish()
            MainActor.assertIsolated()
            released.add("main")
        }
        let detached = Task.detached {
            await task.finish()
            released.add("detached")
        }
        let twice = Task { @MainActor in
            async let first: Void = task.finish()
            await task.finish()
            await first
            released.add("twice")
        }
        for _ in 0..<50 { await Task.yield() }
        #expect(released.all.isEmpty)
        open.finish()
        await onMain.value
        await detached.value
        await twice.value
        #expect(Set(released.all) == ["main", "detached", "twice"])
        #expect(store.state.log == ["ended"])
    }

    @Test func aCancelledWaiterWaitsOnAndLeavesTheEffectsRunning() async {
        let (store, open, began) = gatedStore()
        let task = store.send(.wait)
        for await _ in began { break }
        let released = Released()
        let waiter = Task { @MainActor in
            await task.finish()
            released.add("waiter")
            return Task.isCancelled
        }
        for _ in 0..<10 { await Task.yield() }
        waiter.cancel()
        for _ in 0..<50 { await Task.yield() }
        #expect(released.all.isEmpty)
        #expect(!task.isCancelled)
        open.finish()
        #expect(await waiter.value)
        #expect(store.state.log == ["ended"])
    }

    @Test func aStoreReleasedWhileAWaiterWaitsLetsItGo() async {
        // No other reference to the store: released below, it goes.
        var (store, _, began): (Store<Gated.State, Gated.Action>?, AsyncStream<Void>.Continuation, AsyncStream<Void>) =
            gatedStore()
        let task = store!.send(.sleepForever)
        for await _ in began { break }
        let waiter = Task { @MainActor in await task.finish() }
        for _ in 0..<10 { await Task.yield() }
        withExtendedLifetime(store) {}
        store = nil
        await waiter.value
    }

    @Test func afterAWaitNonisolatedWorkLeavesTheMainQueue() async {
        DispatchQueue.main.setSpecific(key: mainQueueMark, value: true)
        #expect(DispatchQueue.getSpecific(key: mainQueueMark) == true)
        let (store, open, began) = gatedStore()
        let task = store.send(.wait)
        for await _ in began { break }
        open.finish()
        await task.finish()
        MainActor.assertIsolated()
        #expect(await nonisolatedWorkIsOnTheMainQueue() == false)
        #expect(store.state.log == ["ended"])
    }
}
