import Composable
import Locking
import Synchronization

/// A clock whose time moves only when a test says so: sleeps and timers scheduled on it
/// resume, in order, as `advance(by:)` passes their deadlines.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Quiz.State()) { Quiz() } withDependencies: { $0.clock = clock }
/// await clock.advance(by: .seconds(1))
/// await store.receive(.timerTicked) { $0.secondsElapsed = 1 }
/// ```
public final class TestClock: Clock, Sendable, EffectEndObserver {
    /// A point on a test clock: the time since the clock was made.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        public let offset: Duration

        public init(offset: Duration = .zero) { self.offset = offset }

        public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
        public func duration(to other: Self) -> Duration { other.offset - offset }
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let token: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Timeline {
        var now = Instant()
        var sleepers: [Sleeper] = []
        var cancelledTokens: Set<Int> = []
        var nextToken = 0
    }

    private let timeline = PthreadLocked(Timeline())
    /// How many effects of stores sleeping on this clock have ended.
    private let endedEffects = Atomic(0)

    public init() {}

    package func effectEnded() {
        endedEffects.add(1, ordering: .sequentiallyConsistent)
    }

    public var now: Instant { timeline.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// How many sleeps are waiting for the clock to move.
    public var pendingSleepCount: Int { timeline.withLock { $0.sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let token = timeline.withLock { timeline in
            timeline.nextToken += 1
            return timeline.nextToken
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = timeline.withLock { timeline in
                    if timeline.cancelledTokens.remove(token) != nil { return .failure(CancellationError()) }
                    if deadline <= timeline.now { return .success(()) }
                    timeline.sleepers.append(Sleeper(token: token, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = timeline.withLock { timeline in
                if let index = timeline.sleepers.firstIndex(where: { $0.token == token }) {
                    return timeline.sleepers.remove(at: index)
                }
                timeline.cancelledTokens.insert(token)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, waking each sleep whose deadline it passes, earliest
    /// first, and letting the woken work run before moving on. It waits on the main actor,
    /// whoever calls it: a store's effects begin there, and must get their turns.
    @MainActor
    public func advance(by duration: Duration = .zero) async {
        let target = now.advanced(by: duration)
        await settle()
        while true {
            let woken: Sleeper? = timeline.withLock { timeline in
                guard let index = timeline.sleepers.indices
                    .filter({ timeline.sleepers[$0].deadline <= target })
                    .min(by: { timeline.sleepers[$0].deadline < timeline.sleepers[$1].deadline })
                else {
                    timeline.now = target
                    return nil
                }
                let sleeper = timeline.sleepers.remove(at: index)
                timeline.now = max(timeline.now, sleeper.deadline)
                return sleeper
            }
            guard let woken else { break }
            let waitingBefore = pendingSleepCount
            let endedBefore = endedEffects.load(ordering: .sequentiallyConsistent)
            woken.continuation.resume()
            await settle(untilSleepsReach: waitingBefore + 1, orAnEffectEndsAfter: endedBefore)
        }
    }

    /// Advances until no sleep is waiting. Work that always sleeps again (a timer) would make
    /// that forever: after `timeout` of real time the test fails and the clock stops there.
    @MainActor
    public func run(
        timeout: Duration = .seconds(1),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async {
        let wall = ContinuousClock()
        let deadline = wall.now.advanced(by: timeout)
        await settle()
        // Judged only once the clock has moved: on busy cores the first settle alone can take
        // longer than `timeout`, and sleeps nothing has woken yet do not sleep "again".
        var hasAdvanced = false
        while let latest = timeline.withLock({ $0.sleepers.map(\.deadline).max() }) {
            guard !hasAdvanced || wall.now < deadline else {
                reportFailure(
                    "TestClock.run() still had sleeps waiting after \(timeout): something sleeps again "
                        + "each time it wakes (a timer?). Advance by a fixed duration instead.",
                    at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
                return
            }
            await advance(by: now.duration(to: latest))
            hasAdvanced = true
        }
    }

    /// Lets other tasks run until they are waiting on something, so that work started
    /// before an advance reaches its sleep first. With a target, keeps waiting until that many
    /// sleeps wait (a woken timer sleeps again) or an effect of a store on this clock has ended
    /// since `ended` (woken work that sends its action and stops), then lets what that work
    /// started reach its first sleep. Woken work that does neither (it awaits something else)
    /// is given up to a second of real time: on two busy cores, with other tests holding the
    /// cooperative threads, woken work can take that long to be scheduled at all.
    @MainActor
    private func settle(untilSleepsReach target: Int? = nil, orAnEffectEndsAfter ended: Int = 0) async {
        for _ in 0..<64 { await Task.yield() }
        guard let target else { return }
        let wall = ContinuousClock()
        let deadline = wall.now.advanced(by: .seconds(1))
        var spins = 0
        while pendingSleepCount < target && wall.now < deadline {
            if endedEffects.load(ordering: .sequentiallyConsistent) > ended {
                for _ in 0..<64 { await Task.yield() }
                return
            }
            spins += 1
            if spins < 1_000 {
                await Task.yield()
            } else {
                try? await Task.sleep(for: .microseconds(200))
            }
        }
    }
}
