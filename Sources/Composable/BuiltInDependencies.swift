#if canImport(FoundationEssentials)
import FoundationEssentials
#else
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#endif

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
