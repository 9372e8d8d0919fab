import Composable
import ComposableTesting
import Foundation
import Synchronization
import Testing

/// Counts how often its live value is made: a client that is costly to build.
private let clientsBuilt = Atomic(0)

private struct CostlyClient: Sendable { let serial: Int }

private enum CostlyClientKey: DependencyKey {
    static var liveValue: CostlyClient { CostlyClient(serial: clientsBuilt.add(1, ordering: .relaxed).newValue) }
    static var testValue: CostlyClient { liveValue }
}

/// A key whose author gave no test value.
private enum UntestedKey: DependencyKey {
    static var liveValue: Int { 42 }
}

extension DependencyValues {
    fileprivate var costly: CostlyClient { self[CostlyClientKey.self] }
    fileprivate var untested: Int { self[UntestedKey.self] }
}

/// Reads dependencies twice in one action.
private struct TwoDraws: Reducer {
    struct State: Equatable {
        var uuids: [UUID] = []
        var numbers: [Int] = []
        var clients: [Int] = []
        var untested = 0
    }

    enum Action: Equatable, Sendable { case drawTwiceTapped, buildClientsTapped, readUntestedTapped }

    @Dependency(\.uuid) var uuid
    @Dependency(\.random) var random
    @Dependency(\.costly) var costly
    @Dependency(\.untested) var untested

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .drawTwiceTapped:
            state.uuids = [uuid(), uuid()]
            state.numbers = [random { Int.random(in: 0...Int.max, using: &$0) }, random { Int.random(in: 0...Int.max, using: &$0) }]
        case .buildClientsTapped:
            state.clients = [costly.serial, costly.serial]
        case .readUntestedTapped:
            state.untested = untested
        }
        return .none
    }
}

/// Lets an effect's work wait off the main actor until a test releases it.
private final class Gate: Sendable {
    private let waiter = Mutex<CheckedContinuation<Void, Never>?>(nil)
    let reachedSend = Atomic(false)

    func wait() async {
        await withCheckedContinuation { continuation in waiter.withLock { $0 = continuation } }
    }

    var isWaiting: Bool { waiter.withLock { $0 != nil } }

    func open() { waiter.withLock { $0.take() }?.resume() }
}

/// A concatenation (or debounce) whose last step sends an action; the step's work is held at
/// a gate so that a test can cancel just as it resumes.
private struct Saver: Reducer {
    struct State: Equatable {
        var delivered = 0
        var followUps = 0
    }

    enum Action: Equatable, Sendable { case saveTapped, debounceTapped, cancelTapped, saved, startFollowUp, followUpDone }
    enum CancelID: Hashable, Sendable { case save }

    let gate: Gate
    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .saveTapped:
            return .concatenate(.run { _ in }, deliverAfterGate).cancellable(id: CancelID.save)
        case .debounceTapped:
            return deliverAfterGate.debounce(id: CancelID.save, for: .zero, clock: clock)
        case .cancelTapped:
            return .cancel(id: CancelID.save)
        case .saved:
            state.delivered += 1
            return .none
        case .startFollowUp:
            return .concatenate(.run { _ in }, .run { send in await send(.followUpDone) })
        case .followUpDone:
            state.followUps += 1
            guard state.followUps == 1 else { return .none }
            // An effect started by an action a step sent: `finish()` must wait for it too.
            return .run { send in
                for _ in 0..<5_000 { await Task.yield() }
                await send(.followUpDone)
            }
        }
    }

    private var deliverAfterGate: Effect<Action> {
        .run { [gate] send in
            await gate.wait()
            gate.reachedSend.store(true, ordering: .sequentiallyConsistent)
            await send(.saved)
        }
    }
}

@MainActor
@Suite struct RuntimeRegressionTests {
    // Bug 1: dependencies were resolved afresh on every read.

    @Test func twoReadsOfUUIDAndRandomInOneStoreGiveTwoValues() async {
        // What the test value of `random`, a generator seeded with 0, draws first and second.
        let seeded = RandomSource.seeded(0)
        let first = seeded { Int.random(in: 0...Int.max, using: &$0) }
        let second = seeded { Int.random(in: 0...Int.max, using: &$0) }
        #expect(first != second)
        let store = TestStore(initialState: TwoDraws.State()) { TwoDraws() }
        await store.send(.drawTwiceTapped) {
            $0.uuids = [UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
                        UUID(uuidString: "00000000-0000-0000-0000-000000000001")!]
            $0.numbers = [first, second]
        }
    }

    @Test func aLiveValueIsBuiltOncePerStore() async {
        let first = Store(initialState: TwoDraws.State()) { TwoDraws() }
        first.send(.buildClientsTapped)
        #expect(first.state.clients[0] == first.state.clients[1])
        let second = Store(initialState: TwoDraws.State()) { TwoDraws() }
        second.send(.buildClientsTapped)
        #expect(second.state.clients[0] == second.state.clients[1])
        #expect(first.state.clients[0] != second.state.clients[0], "each store builds its own")
    }

    @Test func readingAKeyWithNoTestValueFailsTheTest() async {
        let store = TestStore(initialState: TwoDraws.State()) { TwoDraws() }
        await withKnownIssue {
            await store.send(.readUntestedTapped) { $0.untested = 42 }
        } matching: { issue in
            issue.description.contains("UntestedKey") && issue.description.contains("no test value")
        }
    }

    @Test func anOverriddenKeyIsNotAnError() async {
        let store = TestStore(initialState: TwoDraws.State()) { TwoDraws() } withDependencies: {
            $0[UntestedKey.self] = 7
        }
        await store.send(.readUntestedTapped) { $0.untested = 7 }
    }

    // Bug 2: a cancelled concatenation or debounce could still deliver its action.

    @Test(arguments: [Saver.Action.saveTapped, .debounceTapped])
    fileprivate func aCancelledStepDeliversNothingEvenWhenItHadResumed(start: Saver.Action) async {
        var delivered = 0
        for _ in 0..<100 {
            let gate = Gate()
            let store = Store(initialState: Saver.State()) { Saver(gate: gate) } withDependencies: {
                $0.clock = ImmediateTestClock()
            }
            let task = store.send(start)
            while !gate.isWaiting { await Task.yield() }
            // Release the step and, without giving the main actor up, let it reach its send:
            // its action is then queued for the main actor before the cancel is.
            gate.open()
            while !gate.reachedSend.load(ordering: .sequentiallyConsistent) {}
            let spinUntil = ContinuousClock.now.advanced(by: .microseconds(300))
            while ContinuousClock.now < spinUntil {}
            store.send(.cancelTapped)
            await task.finish()
            delivered += store.state.delivered
        }
        #expect(delivered == 0)
    }

    @Test func anErrorThrownAfterCancellationIsNotReported() async {
        struct Interrupted: Error {}
        enum CancelID { case work }
        let store = TestStore(initialState: 0) {
            Reduce<Int, Bool> { _, start in
                guard start else { return .cancel(id: CancelID.work) }
                return .run { _ in
                    while !Task.isCancelled { await Task.yield() }
                    throw Interrupted()   // what a client interrupted mid-request may throw
                }
                .cancellable(id: CancelID.work)
            }
        }
        await store.send(true)
        await store.send(false)
        await store.finish()
    }

    // Bug 3: finish() returned before the effects of actions a concatenation step sent.

    @Test func finishWaitsForEffectsStartedByAStepsAction() async {
        let store = Store(initialState: Saver.State()) { Saver(gate: Gate()) }
        await store.send(.startFollowUp).finish()
        #expect(store.state.followUps == 2)
    }
}

/// A clock whose sleeps end at once: for tests about ordering, not time.
private struct ImmediateTestClock: Clock {
    typealias Instant = ContinuousClock.Instant
    var now: Instant { ContinuousClock.now }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws { try Task.checkCancellation() }
}
