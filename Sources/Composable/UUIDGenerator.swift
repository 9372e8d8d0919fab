#if canImport(FoundationEssentials)
import FoundationEssentials
#else
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#endif
import Synchronization

/// Makes UUIDs: random ones live, counting ones in tests.
///
/// ```swift
/// @Dependency(\.uuid) var uuid
/// let session = Session(id: uuid())
/// ```
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
