/// The groups the topics are listed in.
///
/// ```swift
/// for category in TopicCategory.allCases {
///   print(category.title, TopicCatalog.all.filter { $0.category == category }.count)
/// }
/// ```
public enum TopicCategory: String, CaseIterable, Codable, Hashable, Sendable {
    case numbers
    case money
    case durations
    case datesAndTimes = "dates-and-times"
    case counters
    case phone
    case review

    /// The name shown to a learner.
    public var title: String {
        switch self {
        case .numbers: "Numbers"
        case .money: "Money"
        case .durations: "Durations"
        case .datesAndTimes: "Dates and times"
        case .counters: "Counters"
        case .phone: "Phone numbers"
        case .review: "Review"
        }
    }
}
