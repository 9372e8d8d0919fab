/// The clock a test store gives features that nobody gave a clock: any sleep on it is
/// reported as a runtime warning (a test failure under ComposableTesting) and ends the
/// sleeping effect as if it were cancelled, so a forgotten `TestClock` fails at once instead
/// of ticking in real time.
///
/// ```swift
/// let store = TestStore(initialState: Quiz.State()) { Quiz() } withDependencies: {
///   $0.clock = TestClock()   // without this line, the quiz's timer fails the test
/// }
/// ```
public struct UnimplementedClock: Clock {
    public typealias Instant = ContinuousClock.Instant

    public init() {}

    public var now: Instant { ContinuousClock.now }
    public var minimumResolution: Duration { ContinuousClock().minimumResolution }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        RuntimeWarnings.report(
            "An effect slept on the clock dependency, which this test did not set. "
                + "Give the store a clock: withDependencies: { $0.clock = TestClock() }")
        // Ending the sleep as if cancelled ends the effect quietly: no ticks, no spinning.
        throw CancellationError()
    }
}
