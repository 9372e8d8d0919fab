import Composable
import ComposableTesting
import Testing

/// A stopwatch: a timer effect that ticks each second until stopped.
struct Stopwatch: Reducer {
    struct State: Equatable {
        var seconds = 0
        var isRunning = false
        var log: [String] = []
    }

    enum Action: Equatable, Sendable {
        case startTapped
        case stopTapped
        case timerTicked
        case chainTapped
        case chained(String)
        case bothTapped
        case echoTapped
        case thenSendTapped
    }

    enum CancelID: Hashable, Sendable { case timer }

    @Dependency(\.clock) var clock

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .startTapped:
                state.isRunning = true
                return .run { send in
                    while true {
                        try await clock.sleep(for: .seconds(1))
                        await send(.timerTicked)
                    }
                }
                .cancellable(id: CancelID.timer, cancelInFlight: true)
            case .stopTapped:
                state.isRunning = false
                return .cancel(id: CancelID.timer)
            case .timerTicked:
                state.seconds += 1
                return .none
            case .chainTapped:
                return .concatenate(
                    .run { send in
                        try await clock.sleep(for: .seconds(2))
                        await send(.chained("first"))
                    },
                    .run { send in await send(.chained("second")) }
                )
            case let .chained(name):
                state.log.append(name)
                return .none
            case .bothTapped:
                return .merge(.send(.chained("now")), .run { send in await send(.chained("later")) })
            case .echoTapped:
                return .send(.chained("echo"))
            case .thenSendTapped:
                return .concatenate(
                    .run { _ in try await clock.sleep(for: .seconds(1)) },
                    .send(.chained("after the sleep"))
                )
            }
        }
    }
}

@MainActor
@Suite struct EffectTests {
    @Test func aTimerTicksWithTheTestClockAndStopsWhenCancelled() async {
        let clock = TestClock()
        let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() } withDependencies: {
            $0.clock = clock
        }
        await store.send(.startTapped) { $0.isRunning = true }
        await clock.advance(by: .seconds(1))
        await store.receive(.timerTicked) { $0.seconds = 1 }
        await clock.advance(by: .seconds(2))
        await store.receive(.timerTicked) { $0.seconds = 2 }
        await store.receive(.timerTicked) { $0.seconds = 3 }
        await store.send(.stopTapped) { $0.isRunning = false }
        await clock.advance(by: .seconds(10))
        await store.finish()
    }

    @Test func startingAgainCancelsTheTimerInFlight() async {
        let clock = TestClock()
        let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() } withDependencies: {
            $0.clock = clock
        }
        await store.send(.startTapped) { $0.isRunning = true }
        await clock.advance(by: .milliseconds(600))
        await store.send(.startTapped)  // restarts: the first timer's 0.4 s left never fire
        await clock.advance(by: .milliseconds(600))
        await clock.advance(by: .milliseconds(400))
        await store.receive(.timerTicked) { $0.seconds = 1 }
        await store.send(.stopTapped) { $0.isRunning = false }
        await store.finish()
    }

    @Test func aTimerLeftRunningFailsTheTest() async {
        let clock = TestClock()
        let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() } withDependencies: {
            $0.clock = clock
        }
        await store.send(.startTapped) { $0.isRunning = true }
        await withKnownIssue {
            await store.finish(timeout: .milliseconds(20))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("still running")
        }
        await store.skipInFlightEffects()
    }

    @Test func waitingForATimerToFinishFailsAfterTheTimeout() async {
        let clock = TestClock()
        let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() } withDependencies: {
            $0.clock = clock
        }
        let task = await store.send(.startTapped) { $0.isRunning = true }
        await withKnownIssue {
            await task.finish(timeout: .milliseconds(20))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("still running after")
        }
        await task.cancel()
        await store.finish()
    }

    @Test func runningTheClockOutOnATimerFailsInsteadOfHanging() async {
        let clock = TestClock()
        let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() } withDependencies: {
            $0.clock = clock
        }
        store.exhaustivity = .off
        await store.send(.startTapped)
        await withKnownIssue {
            await clock.run(timeout: .milliseconds(50))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("sleeps again")
        }
        await store.send(.stopTapped)
        await store.skipReceivedActions()
        await store.finish()
    }

    @Test func runWakesEverySleepThatEnds() async {
        let clock = TestClock()
        let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() } withDependencies: {
            $0.clock = clock
        }
        await store.send(.chainTapped)
        await clock.run()
        await store.receive(.chained("first")) { $0.log = ["first"] }
        await store.receive(.chained("second")) { $0.log = ["first", "second"] }
        await store.finish()
    }

    /// Its timeout is for work that sleeps again each time it wakes: a run that has not moved
    /// the clock yet (the machine busy past the timeout) wakes the sleeps there are first.
    @Test func runWakesTheSleepsThereAreEvenPastItsTimeout() async {
        let clock = TestClock()
        let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() } withDependencies: {
            $0.clock = clock
        }
        await store.send(.chainTapped)
        await clock.run(timeout: .zero)
        await store.receive(.chained("first")) { $0.log = ["first"] }
        await store.receive(.chained("second")) { $0.log = ["first", "second"] }
        await store.finish()
    }

    @Test func concatenatedEffectsRunInOrder() async {
        let clock = TestClock()
        let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() } withDependencies: {
            $0.clock = clock
        }
        await store.send(.chainTapped)
        await clock.advance(by: .seconds(2))
        await store.receive(.chained("first")) { $0.log = ["first"] }
        await store.receive(.chained("second")) { $0.log = ["first", "second"] }
        await store.finish()
    }

    @Test func sentActionsAreReceivedBeforeAsynchronousOnes() async {
        let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() }
        await store.send(.bothTapped)
        await store.receive(.chained("now")) { $0.log = ["now"] }
        await store.receive(.chained("later")) { $0.log = ["now", "later"] }
        await store.send(.echoTapped)
        await store.receive(.chained("echo")) { $0.log = ["now", "later", "echo"] }
        await store.finish()
    }

    @Test func aSendAfterAsynchronousWorkInAConcatenationArrives() async {
        let clock = TestClock()
        let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() } withDependencies: {
            $0.clock = clock
        }
        await store.send(.thenSendTapped)
        await clock.advance(by: .seconds(1))
        await store.receive(.chained("after the sleep")) { $0.log = ["after the sleep"] }
        await store.finish()
    }

    @Test func mapTurnsChildActionsIntoParentActions() async {
        let store = Store(initialState: TwoCounters.State()) { TwoCounters() }
        await store.send(.left(.factTapped)).finish()
        #expect(store.state.left.fact == "0 is a number.")
        #expect(store.state.changes == 2)
    }
}

@MainActor
@Suite struct UnimplementedDependencyTests {
    @Test func aTimerWithoutATestClockFailsTheTestAtOnce() async {
        let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() }
        await withKnownIssue {
            await store.send(.startTapped) { $0.isRunning = true }
            await store.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("did not set")
        }
    }
}
