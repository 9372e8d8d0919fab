@testable import Composable
import Synchronization
import Testing

// Effects begin on the main actor when it is free, in the order the store started them; one
// cancelled before then never begins. The effects here have no capture lists, so that their
// work runs on the main actor and the order they log in is the order they began.

/// What effects' work did, in order, seen from any thread.
private final class Log: Sendable {
    private let entries = Mutex<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

private struct Speaker: Reducer {
    struct State: Equatable { var finished: [String] = [] }
    enum Action: Equatable, Sendable {
        case speak(String), both(String, String), finished(String), wait(String)
        case withPriority(String), threeWithOnePriority, firstCancelsSecond, cancelSecond
        case cancelsItself, cancelSelf, cancelsSecondLater, secondAndWait(String)
    }
    let log: Log
    let gate: AsyncStream<Void>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case let .speak(text):
            return .run { send in
                log.add("began \(text)")
                await send(.finished(text))
            }
            .cancellable(id: "speech", cancelInFlight: true)
        case let .both(first, second):
            return .merge(
                .run { _ in log.add("began \(first)") },
                .run { _ in log.add("began \(second)") })
        case let .wait(text):
            return waiting(text)
        case let .secondAndWait(text):
            return .merge(.run { _ in log.add("began second") }.cancellable(id: "second"), waiting(text))
        case .cancelsSecondLater:
            return .run { send in
                log.add("began canceller")
                await send(.cancelSecond)
            }
        case let .withPriority(text):
            return .run(priority: .medium) { _ in log.add("began \(text)") }
        case .threeWithOnePriority:
            return .merge(
                .run { _ in log.add("began a") },
                .run { _ in log.add("began b") },
                .run(priority: .medium) { _ in log.add("began p") })
        case .firstCancelsSecond:
            return .merge(
                .run { send in
                    log.add("began first")
                    await send(.cancelSecond)
                },
                .run { _ in log.add("began second") }.cancellable(id: "second"))
        case .cancelSecond:
            return .cancel(id: "second")
        case .cancelsItself:
            return .run { send in
                await send(.cancelSelf)
                await Task.yield()
                log.add(Task.isCancelled ? "cancelled itself" : "not cancelled")
            }
            .cancellable(id: "self")
        case .cancelSelf:
            return .cancel(id: "self")
        case let .finished(text):
            state.finished.append(text)
            return .none
        }
    }

    /// Work that waits for the gate to open (or close).
    private func waiting(_ text: String) -> Effect<Action> {
        .run { send in
            log.add("began \(text)")
            for await _ in gate { break }
            log.add(Task.isCancelled ? "cancelled \(text)" : "ended \(text)")
            await send(.finished(text))
        }
    }
}

/// Something an effect's work holds, and a weak look at the last one made.
private final class Held: Sendable {}
private final class Witness: @unchecked Sendable {
    // Unchecked: used on the main actor only.
    weak var held: Held?
}

private struct Holder: Reducer {
    struct State: Equatable {}
    enum Action: Equatable, Sendable { case hold }
    let witness: Witness

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        let held = Held()
        witness.held = held
        return .run { _ in _ = held }.cancellable(id: "hold", cancelInFlight: true)
    }
}

/// A send's task, kept where an effect can read it: main actor only.
private final class TaskBox: @unchecked Sendable {
    var task: StoreTask?
}

/// One effect that waits for another send's effects, the way work might wait for an earlier
/// request to settle, and one that suspends once before it ends.
private struct Awaiter: Reducer {
    struct State: Equatable {}
    enum Action: Equatable, Sendable { case awaitOther, other }
    let log: Log
    let box: TaskBox

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .awaitOther:
            return .run { _ in
                log.add("awaiting other")
                await box.task?.finish()
                log.add("other's finish returned")
            }
        case .other:
            return .run { _ in
                log.add("began other")
                await Task.yield()
                log.add("ended other")
            }
        }
    }
}

@MainActor
@Suite("Effects begin in the order they were started")
struct EffectOrderTests {
    @Test("an effect cancelled before the main actor was free never begins, and finish() still returns")
    func supersededEffectsNeverBegin() async {
        let log = Log()
        let store = Store(initialState: Speaker.State()) { Speaker(log: log, gate: AsyncStream { _ in }) }
        let first = store.send(.speak("一"))
        let second = store.send(.speak("二"))
        let third = store.send(.speak("三"))
        await first.finish()
        await second.finish()
        await third.finish()
        #expect(log.all == ["began 三"])
        #expect(store.state.finished == ["三"])
    }

    @Test("finish() waits for every effect of its send, though an earlier effect cancels one of them before it began")
    func finishWaitsPastAnEffectCancelledBeforeItBegan() async {
        let log = Log()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let store = Store(initialState: Speaker.State()) { Speaker(log: log, gate: gate) }
        // Begins first: its work cancels "second" before that began.
        store.send(.cancelsSecondLater)
        let task = store.send(.secondAndWait("w"))
        let opener = Task { @MainActor in
            for _ in 0..<50 { await Task.yield() }
            log.add("opening")
            open.finish()
        }
        await task.finish()
        log.add("finish returned")
        await opener.value
        #expect(log.all == ["began canceller", "began w", "opening", "ended w", "finish returned"])
    }

    @Test("work that awaits an effect started after it (another send's task) waits for that effect to begin and end")
    func workAwaitingALaterEffect() async {
        let log = Log()
        let box = TaskBox()
        let store = Store(initialState: Awaiter.State()) { Awaiter(log: log, box: box) }
        let first = store.send(.awaitOther)
        box.task = store.send(.other)
        await first.finish()
        #expect(log.all == ["awaiting other", "began other", "ended other", "other's finish returned"])
    }

    @Test("effects launched in one turn begin in the order they were launched, across sends")
    func effectsBeginInOrder() async {
        let log = Log()
        let store = Store(initialState: Speaker.State()) { Speaker(log: log, gate: AsyncStream { _ in }) }
        let first = store.send(.both("a", "b"))
        let second = store.send(.both("c", "d"))
        await second.finish()
        await first.finish()
        #expect(log.all == ["began a", "began b", "began c", "began d"])
    }

    @Test("an effect with a priority of its own begins in launch order too")
    func priorityEffectsKeepTheOrder() async {
        let log = Log()
        let store = Store(initialState: Speaker.State()) { Speaker(log: log, gate: AsyncStream { _ in }) }
        await store.send(.threeWithOnePriority).finish()
        #expect(log.all == ["began a", "began b", "began p"])
        let first = store.send(.both("c", "d"))
        let second = store.send(.withPriority("q"))
        await first.finish()
        await second.finish()
        #expect(log.all == ["began a", "began b", "began p", "began c", "began d", "began q"])
    }

    @Test("an effect cancelled by one that began before it never begins")
    func cancelledBeforeItBegan() async {
        let log = Log()
        let store = Store(initialState: Speaker.State()) { Speaker(log: log, gate: AsyncStream { _ in }) }
        await store.send(.firstCancelsSecond).finish()
        #expect(log.all == ["began first"])
    }

    @Test("work begun by an awaiting task that cancels itself before it suspends finds its task cancelled")
    func workBegunByAWaiterCancelsItself() async {
        let log = Log()
        let store = Store(initialState: Speaker.State()) { Speaker(log: log, gate: AsyncStream { _ in }) }
        await store.send(.cancelsItself).finish()
        #expect(log.all == ["cancelled itself"])
    }

    @Test("cancelling one send's effect stops only that effect")
    func cancellingOneSendsEffect() async {
        let log = Log()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let store = Store(initialState: Speaker.State()) { Speaker(log: log, gate: gate) }
        let first = store.send(.wait("一"))
        let second = store.send(.speak("二"))
        await second.finish()
        #expect(log.all == ["began 一", "began 二"])
        first.cancel()
        await first.finish()
        open.finish()
        #expect(log.all == ["began 一", "began 二", "cancelled 一"])
        // Cancelled work's actions are dropped.
        #expect(store.state.finished == ["二"])
    }

    @Test("a store released before its effects began: they never begin and finish() returns")
    func releasedBeforeItsEffectsBegan() async {
        let log = Log()
        var store: Store<Speaker.State, Speaker.Action>? = Store(initialState: Speaker.State()) {
            Speaker(log: log, gate: AsyncStream { _ in })
        }
        let task = store!.send(.both("a", "b"))
        store = nil
        await task.finish()
        #expect(log.all.isEmpty)
    }

    @Test("a running effect does not keep its store alive: the store released, the effect is cancelled")
    func aRunningEffectDoesNotKeepItsStore() async {
        let log = Log()
        var store: Store<Speaker.State, Speaker.Action>? = Store(initialState: Speaker.State()) {
            Speaker(log: log, gate: AsyncStream { _ in })
        }
        weak let runtime = store
        let task = store!.send(.wait("w"))
        while log.all.isEmpty { await Task.yield() }
        #expect(log.all == ["began w"])
        store = nil
        // Bounded, so that a store kept alive fails the test rather than hangs it.
        for _ in 0..<100_000 where log.all.count < 2 { await Task.yield() }
        #expect(runtime == nil)
        #expect(log.all == ["began w", "cancelled w"])
        if log.all.count == 2 { await task.finish() }
    }

}
