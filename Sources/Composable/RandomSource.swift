import Synchronization

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
