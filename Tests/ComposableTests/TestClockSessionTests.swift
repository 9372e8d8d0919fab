import Composable
import ComposableTesting
import Testing

/// A timed session like the quiz's: a one-second timer that ends the session at its limit,
/// and a message that clears itself two seconds after it is shown.
private struct TimedSession: Reducer {
    struct State: Equatable {
        var secondsLeft = 60
        var message: String?
        var isOver = false
    }

    enum Action: Equatable, Sendable { case started, timerTicked, messageShown(String), messageCleared }
    enum CancelID: Hashable, Sendable { case timer, message }

    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .started:
            return .run { send in
                while true {
                    try await clock.sleep(for: .seconds(1))
                    await send(.timerTicked)
                }
            }
            .cancellable(id: CancelID.timer)
        case .timerTicked:
            state.secondsLeft -= 1
            guard state.secondsLeft == 0 else { return .none }
            state.isOver = true
            return .merge(.cancel(id: CancelID.timer), .cancel(id: CancelID.message))
        case let .messageShown(text):
            state.message = text
            return .run { send in
                try await clock.sleep(for: .seconds(2))
                await send(.messageCleared)
            }
            .cancellable(id: CancelID.message, cancelInFlight: true)
        case .messageCleared:
            state.message = nil
            return .none
        }
    }
}

@MainActor
@Suite struct TestClockSessionTests {
    /// Sixty ticks and six self-clearing messages, asserted one by one. It runs in a small
    /// fraction of a second of real time (no assertion on that: speed lives in kazu-bench).
    @Test func aSixtySecondSessionEndsByItselfAtItsLimit() async {
        let clock = TestClock()
        let store = TestStore(initialState: TimedSession.State()) { TimedSession() } withDependencies: {
            $0.clock = clock
        }
        await store.send(.started)
        for second in 1...60 {
            if second % 10 == 1 {
                await store.send(.messageShown("at \(second)")) { $0.message = "at \(second)" }
            }
            await clock.advance(by: .seconds(1))
            // Both due at the same instant: the message's sleep began first, so it ends first.
            if second % 10 == 2 {
                await store.receive(.messageCleared) { $0.message = nil }
            }
            await store.receive(.timerTicked) {
                $0.secondsLeft = 60 - second
                $0.isOver = second == 60
            }
        }
        await clock.advance(by: .seconds(10))
        await store.finish()
    }
}

/// Saves a value a quarter of a second after the last change.
private struct DebouncedField: Reducer {
    struct State: Equatable { var saved: [Int] = [] }
    enum Action: Equatable, Sendable { case changed(Int), saved(Int) }
    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case let .changed(value):
            return .run { send in await send(.saved(value)) }
                .debounce(id: "save", for: .milliseconds(250), clock: clock)
        case let .saved(value):
            state.saved.append(value)
            return .none
        }
    }
}

/// Waits for `tasks`, cancelling them first if they still run after `limit` of real time: when
/// the clock missed a sleep, nothing would ever wake it, and the test is to fail on its
/// expectation rather than hang the run. When all goes well, nothing waits on this limit.
@MainActor
private func finish(_ tasks: [StoreTask], cancellingAfter limit: Duration = .seconds(10)) async {
    let watchdog = Task { @MainActor in
        guard (try? await Task.sleep(for: limit)) != nil else { return }
        for task in tasks { task.cancel() }
    }
    for task in tasks { await task.finish() }
    watchdog.cancel()
}

@MainActor
@Suite struct TestClockWithAStoreTests {
    // With a plain Store nothing yields between the sends and the advance: the clock's own
    // yields must give the main actor, where the effects begin, its turns. When they were
    // made on another executor, the advance could end before the debounce's sleep began, and
    // then nothing ever woke it (about one run in three). Called from off the main actor,
    // advance yielded there, and the effect could still be on its way to its sleep when the
    // clock moved (helper-18: 2 to 6 runs in 25).
    @Test(arguments: [false, true], 0..<8)
    func advancingStraightAfterSendingReachesTheDebouncedSave(fromAnotherTask: Bool, _ run: Int) async {
        let clock = TestClock()
        let store = Store(initialState: DebouncedField.State()) { DebouncedField() } withDependencies: {
            $0.clock = clock
        }
        let sent = (1...5).map { store.send(.changed($0)) }
        if fromAnotherTask {
            await Task.detached { await clock.advance(by: .milliseconds(250)) }.value
        } else {
            await clock.advance(by: .milliseconds(250))
        }
        await finish(sent)
        #expect(store.state.saved == [5])
    }
}
