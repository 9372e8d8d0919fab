#if canImport(FoundationEssentials)
import FoundationEssentials
#else
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#endif

/// Tells the current date: the system's live, a fixed one in tests.
///
/// ```swift
/// @Dependency(\.date) var date
/// let finishedAt = date()
/// ```
public struct DateGenerator: Sendable {
    private let now: @Sendable () -> Date

    public init(_ now: @escaping @Sendable () -> Date) { self.now = now }

    public func callAsFunction() -> Date { now() }

    /// The system's clock.
    public static var system: Self { Self { Date() } }

    /// Always `date`.
    public static func constant(_ date: Date) -> Self { Self { date } }
}
