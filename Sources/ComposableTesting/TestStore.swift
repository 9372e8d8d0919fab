import Composable
import Locking
import Synchronization

/// A store for tests that checks everything a feature does: each `send` and `receive` states
/// how state changes, every action an effect sends must be received, and no effect may
/// still be running at the end.
///
/// ```swift
/// @MainActor @Test func increment() async {
///   let store = TestStore(initialState: Counter.State()) { Counter() }
///   await store.send(.incrementTapped) { $0.count = 1 }
///   await store.finish()
/// }
/// ```
@MainActor
public final class TestStore<State: Equatable, Action: Sendable> {
    /// How strictly the store checks.
    public enum Exhaustivity: Sendable, Equatable {
        /// Every state change, received action and running effect must be asserted.
        case on
        /// Only what a test asserts is checked; unasserted received actions are skipped.
        case off
    }

    /// The state as the test has asserted it so far.
    public private(set) var state: State
    /// How strictly the store checks; `.on` by default.
    public var exhaustivity: Exhaustivity = .on {
        didSet { ending.withLock { [exhaustivity] in $0.isExhaustive = exhaustivity == .on } }
    }
    /// How long `receive` and `finish` wait for effects before failing.
    public var timeout: Duration = .seconds(2)

    private let core: StoreCore<State, Action>
    private var received: [(action: Action, state: State)] = [] {
        didSet {
            // Kept as values: describing them (reflection) waits until a failure needs it.
            let unhandled = received.map(\.action)
            ending.withLock { $0.unhandledActions = unhandled }
        }
    }
    private var stateAfterSend: State?
    private let location: TestLocation
    /// What the end-of-test check needs, readable from a deinit on any thread.
    private let ending = Ending<Action>()

    /// A test store for `reducer` starting at `initialState`. Dependencies take their test
    /// values unless `prepareDependencies` overrides them.
    public init<R: Reducer>(
        initialState: State,
        @ReducerBuilder<State, Action> reducer: () -> R,
        withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
        fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) where R.State == State, R.Action == Action {
        RuntimeWarningsAsFailures.installed
        var dependencies = DependencyValues(context: .test)
        prepareDependencies(&dependencies)
        self.state = initialState
        self.location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        self.core = StoreCore(initialState: initialState, reducer: reducer(), dependencies: dependencies)
        // Weak: the store's effects must not keep the test store alive.
        core.didReduce = { [weak self] action, origin, state in
            guard let self else { return }
            switch origin {
            case .caller: self.stateAfterSend = state
            case .effect: self.received.append((action, state))
            }
        }
        core.runningEffectCountDidChange = { [ending] count in
            ending.withLock { $0.runningEffects = count }
        }
    }

    /// The dependencies reducers and effects see; change them between steps if a test must.
    public var dependencies: DependencyValues {
        get { core.dependencies }
        set { core.dependencies = newValue }
    }

    /// Sends `action` and checks that state changed exactly as `updateStateToExpectedResult`
    /// describes (no closure: that it did not change).
    @discardableResult
    public func send(
        _ action: Action,
        assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async -> TestStoreTask {
        let here = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        if !received.isEmpty {
            if exhaustivity == .on {
                reportFailure(
                    "Must handle \(received.count) received action(s) before sending an action:\n"
                        + received.map { "  " + describe($0.action) }.joined(separator: "\n")
                        + "\nUnhandled actions: assert them with 'receive', or skip them with 'skipReceivedActions()'.",
                    at: here)
            }
            state = received.last!.state
            received.removeAll()
        }
        stateAfterSend = nil
        let task = core.send(action, origin: .caller).map { effects in
            Task { await withTaskCancellationHandler { await effects.finish() } onCancel: { effects.cancel() } }
        }
        let actual = stateAfterSend ?? core.state
        check(expectedChange: updateStateToExpectedResult, from: state, to: actual, after: describe(action), at: here)
        state = actual
        // Let the effects just started reach their first suspension.
        for _ in 0..<16 { await Task.yield() }
        return TestStoreTask(task: task, timeout: timeout)
    }

    /// Checks that the next action an effect sent is `expected` and that it changed state as
    /// `updateStateToExpectedResult` describes; waits up to `timeout` for it to arrive.
    public func receive(
        _ expected: Action,
        timeout: Duration? = nil,
        assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async where Action: Equatable {
        await receive(
            matching: { $0 == expected }, describing: describe(expected), timeout: timeout,
            assert: updateStateToExpectedResult,
            at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            mismatch: { actual in
                "Received an unexpected action:\n" + (ValueDiff.diff(expected, actual) ?? describe(actual))
                    + "\n(− expected, + received)"
            })
    }

    /// Checks that the next action an effect sent is the case at `casePath`, whatever its
    /// payload, and that it changed state as described.
    public func receive<Value>(
        _ casePath: CaseKeyPath<Action, Value>,
        timeout: Duration? = nil,
        assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async where Action: CasePathable {
        await receive(
            matching: { $0.is(casePath) }, describing: "the case \(casePath)", timeout: timeout,
            assert: updateStateToExpectedResult,
            at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            mismatch: { actual in "Received \(self.describe(actual)), which is not the case \(casePath)." })
    }

    /// Waits for every running effect to end, then checks nothing is left unasserted.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async {
        let here = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await waitUntil(timeout: timeout ?? self.timeout) { self.core.runningEffectCount == 0 }
        if core.runningEffectCount > 0 {
            reportFailure(
                "\(core.runningEffectCount) effect(s) still running after \(timeout ?? self.timeout). "
                    + "Cancel them in the feature, advance the test clock, or end them with 'skipInFlightEffects()'.",
                at: here)
        }
        checkNoUnhandledActions(at: here)
    }

    /// Drops the received actions not yet asserted, taking the state they left.
    public func skipReceivedActions() async {
        for _ in 0..<16 { await Task.yield() }
        if let last = received.last { state = last.state }
        received.removeAll()
    }

    /// Cancels every running effect, so `finish` does not wait for them.
    public func skipInFlightEffects() async {
        core.cancelAllEffects()
        await waitUntil(timeout: timeout) { self.core.runningEffectCount == 0 }
    }

    // Not an isolated deinit: those run without the test's task-local context, so a failure
    // could not be pinned on the test. The snapshot is what makes a plain deinit safe.
    deinit {
        let snapshot = ending.withLock { $0 }
        guard snapshot.isExhaustive else { return }
        if !snapshot.unhandledActions.isEmpty {
            reportFailure(
                "The store received \(snapshot.unhandledActions.count) action(s) the test did not assert:\n"
                    + snapshot.unhandledActions.map { "  " + describe($0) }.joined(separator: "\n"),
                at: location)
        }
        if snapshot.runningEffects > 0 {
            reportFailure(
                "The test store ended with \(snapshot.runningEffects) effect(s) still running. "
                    + "Call 'await store.finish()', or cancel the effects in the feature.",
                at: location)
        }
    }

    private func receive(
        matching isMatch: (Action) -> Bool,
        describing expectation: String,
        timeout: Duration?,
        assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
        at here: TestLocation,
        mismatch: (Action) -> String
    ) async {
        let limit = timeout ?? self.timeout
        await waitUntil(timeout: limit) {
            self.received.contains(where: { isMatch($0.action) })
                || (self.exhaustivity == .on && !self.received.isEmpty)
                || self.core.runningEffectCount == 0 && self.received.isEmpty
        }
        if exhaustivity == .off {
            // Skip what the test does not care about, up to the action it asserts.
            while let first = received.first, !isMatch(first.action) {
                state = first.state
                received.removeFirst()
            }
        }
        guard !received.isEmpty else {
            let why = core.runningEffectCount > 0
                ? "no action arrived within \(limit) while \(core.runningEffectCount) effect(s) ran"
                : "no effect sent one"
            reportFailure("Expected to receive \(expectation), but \(why).", at: here)
            return
        }
        let (action, actual) = received.removeFirst()
        if !isMatch(action) {
            reportFailure(mismatch(action), at: here)
        }
        check(expectedChange: updateStateToExpectedResult, from: state, to: actual,
              after: describe(action), at: here)
        state = actual
        for _ in 0..<16 { await Task.yield() }
    }

    private func check(
        expectedChange: ((inout State) throws -> Void)?,
        from before: State, to actual: State, after action: String, at here: TestLocation
    ) {
        // Exhaustive: the asserted change applied to the old state must give the new one.
        // Non-exhaustive: the asserted fields, written onto the new state, must change nothing.
        var expected = exhaustivity == .on ? before : actual
        do {
            try expectedChange?(&expected)
        } catch {
            reportFailure("The state assertion threw \(error).", at: here)
            return
        }
        guard expected != actual else { return }
        let diff = ValueDiff.diff(expected, actual) ?? "(the values differ, but describe alike)"
        let summary = expectedChange == nil
            ? "State changed after \(action), but the test expected no change:"
            : "State after \(action) is not what the test expected:"
        reportFailure(summary + "\n" + diff + "\n(− expected, + actual)", at: here)
    }

    private func checkNoUnhandledActions(at here: TestLocation) {
        guard exhaustivity == .on, !received.isEmpty else { return }
        reportFailure(
            "The store received \(received.count) action(s) the test did not assert:\n"
                + received.map { "  " + describe($0.action) }.joined(separator: "\n"),
            at: here)
    }

    private func waitUntil(timeout: Duration, _ condition: () -> Bool) async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var spins = 0
        while !condition() && clock.now < deadline {
            spins += 1
            // Yield first; back off to short waits when the effects are doing real work.
            if spins < 200 {
                await Task.yield()
            } else {
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
    }

    private nonisolated func describe(_ action: Action) -> String {
        ValueDiff.lines(action).map { $0.trimmingLeadingSpaces }.joined(separator: " ")
    }
}

private struct EndingSnapshot<Action: Sendable>: Sendable {
    var isExhaustive = true
    var unhandledActions: [Action] = []
    var runningEffects = 0
}

private final class Ending<Action: Sendable>: Sendable {
    private let snapshot = PthreadLocked(EndingSnapshot<Action>())

    func withLock<R>(_ body: (inout EndingSnapshot<Action>) -> R) -> R {
        snapshot.withLock { body(&$0) }
    }
}

extension String {
    fileprivate var trimmingLeadingSpaces: Substring { drop(while: { $0 == " " }) }
}

