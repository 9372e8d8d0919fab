/// Why a number could not be read: it is outside what its counter counts.
///
/// ```swift
/// do { _ = try JapaneseNumbers.reading(of: 11, counter: .named("つ")) }
/// catch { print(error) }   // つ counts 1 to 10; 11 is out of range
/// ```
public struct ReadingError: Error, CustomStringConvertible, Equatable, Sendable {
    public var number: Int64
    public var counter: String
    public var validRange: ClosedRange<Int64>

    public var description: String {
        "\(counter) \(Self.rangePhrase(validRange)); \(number) is out of range"
    }

    /// "counts 1 to 10", or "counts from 0 up" when the range is open-ended.
    static func rangePhrase(_ range: ClosedRange<Int64>) -> String {
        range.upperBound == Int64.max
            ? "counts from \(range.lowerBound) up"
            : "counts \(range.lowerBound) to \(range.upperBound)"
    }
}
