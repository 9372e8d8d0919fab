#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

extension DependencyValues {
    /// The clock effects sleep on: `ContinuousClock` live; tests give a `TestClock`.
    public var clock: any Clock<Duration> {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }

    /// Random numbers, seedable so that a session can be replayed: `.seeded(42)`.
    public var random: RandomSource {
        get { self[RandomSourceKey.self] }
        set { self[RandomSourceKey.self] = newValue }
    }

    /// New UUIDs: random live; counting up from zero in tests.
    public var uuid: UUIDGenerator {
        get { self[UUIDGeneratorKey.self] }
        set { self[UUIDGeneratorKey.self] = newValue }
    }

    /// The current date: the system's live; a fixed date in tests.
    public var date: DateGenerator {
        get { self[DateGeneratorKey.self] }
        set { self[DateGeneratorKey.self] = newValue }
    }
}

private enum ClockKey: DependencyKey {
    static var liveValue: any Clock<Duration> { ContinuousClock() }
    static var testValue: any Clock<Duration> { UnimplementedClock() }
}

private enum RandomSourceKey: DependencyKey {
    static var liveValue: RandomSource { .system }
    static var testValue: RandomSource { .seeded(0) }
}

private enum UUIDGeneratorKey: DependencyKey {
    static var liveValue: UUIDGenerator { .random }
    static var testValue: UUIDGenerator { .incrementing }
}

private enum DateGeneratorKey: DependencyKey {
    static var liveValue: DateGenerator { .system }
    static var testValue: DateGenerator { .constant(Date(timeIntervalSince1970: 1_767_225_600)) }
}

/// A source of random numbers shared by the copies of it: `random { Int.random(in: 1...10, using: &$0) }`.
///
/// ```swift
/// @Dependency(\.random) var random
/// let n = random { Int64.random(in: 1...100, using: &$0) }
/// ```
public struct RandomSource: Sendable {
    private final class SharedGenerator: Sendable {
        let mutex: Mutex<SplitMix64>
        init(seed: UInt64) { mutex = Mutex(SplitMix64(seed: seed)) }
    }

    private let generator: SharedGenerator?

    /// Numbers from the system's generator; not reproducible.
    public static var system: Self { Self(generator: nil) }

    /// Numbers from a generator started at `seed`: the same seed gives the same numbers.
    public static func seeded(_ seed: UInt64) -> Self {
        Self(generator: SharedGenerator(seed: seed))
    }

    private init(generator: SharedGenerator?) {
        self.generator = generator
    }

    /// Runs `body` with the generator.
    public func callAsFunction<R>(_ body: (inout any RandomNumberGenerator) -> R) -> R {
        if let generator {
            return generator.mutex.withLock { seeded in
                var erased: any RandomNumberGenerator = seeded
                defer { seeded = erased as! SplitMix64 }
                return body(&erased)
            }
        }
        var erased: any RandomNumberGenerator = SystemRandomNumberGenerator()
        return body(&erased)
    }
}

/// A small, fast, seedable generator (SplitMix64, Steele, Lea and Flood 2014).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { self.state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Makes UUIDs.
public struct UUIDGenerator: Sendable {
    private let make: @Sendable () -> UUID

    public init(_ make: @escaping @Sendable () -> UUID) { self.make = make }

    public func callAsFunction() -> UUID { make() }

    /// Random UUIDs.
    public static var random: Self { Self { UUID() } }

    /// 00000000-0000-0000-0000-000000000000, then …01, …02: readable in test failures.
    public static var incrementing: Self {
        let counter = Mutex<UInt64>(0)
        return Self {
            let n = counter.withLock { value in
                defer { value += 1 }
                return value
            }
            var bytes = [UInt8](repeating: 0, count: 16)
            for index in 0..<8 { bytes[15 - index] = UInt8(truncatingIfNeeded: n >> (8 * UInt64(index))) }
            return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
    }
}

/// Tells the current date.
public struct DateGenerator: Sendable {
    private let now: @Sendable () -> Date

    public init(_ now: @escaping @Sendable () -> Date) { self.now = now }

    public func callAsFunction() -> Date { now() }

    /// The system's clock.
    public static var system: Self { Self { Date() } }

    /// Always `date`.
    public static func constant(_ date: Date) -> Self { Self { date } }
}
