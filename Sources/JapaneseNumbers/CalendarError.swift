/// A value that cannot be a time or a date: "minute must be 0 to 59; 75 is out of range".
///
/// ```swift
/// do { _ = try ClockTime(hour: 10, minute: 75) }
/// catch { print(error) }   // minute must be 0 to 59; 75 is out of range
/// ```
public struct CalendarError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    init(_ field: String, _ value: Int64, _ range: ClosedRange<Int64>) {
        description = "\(field) must be \(range.lowerBound) to \(range.upperBound); \(value) is out of range"
    }
    init(_ description: String) { self.description = description }
}
