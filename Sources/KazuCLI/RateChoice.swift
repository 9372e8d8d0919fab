import SpeechClient

/// What `kazu quiz --rate` takes: a rate in words a minute, or `auto`, a rate that moves with
/// the answers (see `AutoRate`), optionally within bounds: `auto:120-220`.
///
/// ```swift
/// RateChoice(argument: "180")           // .fixed(180)
/// RateChoice(argument: "auto:120-220")  // .auto(120...220)
/// ```
enum RateChoice: ArgumentValue, Equatable {
    case fixed(Int)
    /// nil: the default bounds, from the learner's saved rate.
    case auto(ClosedRange<Int>?)

    static let range = SpeechParameters.standard.rate.bounds

    init?(argument: String) {
        if let rate = Int(argument) {
            guard Self.range.contains(rate) else { return nil }
            self = .fixed(rate)
            return
        }
        let typed = argument.lowercased()
        if typed == "auto" {
            self = .auto(nil)
            return
        }
        guard typed.hasPrefix("auto:") else { return nil }
        let ends = typed.dropFirst(5).split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let low = Int(ends[0]), let high = Int(ends[1]),
              Self.range.contains(low), Self.range.contains(high), low <= high else { return nil }
        self = .auto(low...high)
    }

    static var expectation: String {
        "a whole number from \(range.lowerBound) to \(range.upperBound), auto, or auto:MIN-MAX with "
            + "\(range.lowerBound) ≤ MIN ≤ MAX ≤ \(range.upperBound) (as auto:120-220)"
    }

    var argumentDescription: String {
        switch self {
        case let .fixed(rate): "\(rate)"
        case .auto(nil): "auto"
        case let .auto(bounds?): "auto:\(bounds.lowerBound)-\(bounds.upperBound)"
        }
    }
}
