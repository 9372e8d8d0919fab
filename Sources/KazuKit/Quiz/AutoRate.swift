import SpeechClient

/// `--rate auto`: a session's speaking rate moves with the answers. After every
/// `answersPerStep` spoken questions it goes `step` words a minute up when all of them were
/// right first time, and `step` down when any was not, staying within `bounds`.
///
/// ```swift
/// var auto = AutoRate(bounds: 110...350)
/// auto.answered(rightFirstTime: true, at: 150)    // nil: one of three
/// auto.answered(rightFirstTime: true, at: 150)    // nil
/// auto.answered(rightFirstTime: true, at: 150)    // 160
/// ```
public struct AutoRate: Hashable, Sendable {
    /// Words a minute a step moves the rate.
    public static let step = 10
    /// Spoken questions answered between steps.
    public static let answersPerStep = 3
    /// Without bounds given, how far below the learner's rate a session may go.
    public static let roomBelow = 40

    /// The slowest and fastest the rate moves to.
    public private(set) var bounds: ClosedRange<Int>
    /// Whether each spoken question answered since the last step was right first time.
    public var sinceStep: [Bool] = []
    /// The spoken questions answered in the session: none, and no rate was reached.
    public var heard = 0
    /// The sound was lost in the session: the rate stays where the questions heard took it.
    public private(set) var soundLost = false

    public init(bounds: ClosedRange<Int>) {
        self.bounds = bounds
    }

    /// The bounds when none are given: `roomBelow` under the learner's rate (not under the
    /// slowest the voice speaks) up to the fastest.
    public static func defaultBounds(startingAt rate: Int,
                                     within range: ClosedRange<Int> = SpeechParameters.standard.rate.bounds) -> ClosedRange<Int> {
        let start = min(max(rate, range.lowerBound), range.upperBound)
        return max(range.lowerBound, start - roomBelow)...range.upperBound
    }

    /// `rate` brought inside the bounds.
    public func clamp(_ rate: Int) -> Int { min(max(rate, bounds.lowerBound), bounds.upperBound) }

    /// The learner set `rate` by hand: the steps go on from it, counting afresh, and the bounds
    /// stretch to hold it, so that no step takes the rate back past where the learner put it.
    public mutating func setByHand(_ rate: Int) {
        bounds = min(bounds.lowerBound, rate)...max(bounds.upperBound, rate)
        sinceStep = []
    }

    /// Counts a spoken question answered at `rate`; the rate to speak at from the next
    /// question on when this answer completes a step, else nil.
    public mutating func answered(rightFirstTime: Bool, at rate: Int) -> Int? {
        guard !soundLost else { return nil }
        heard += 1
        sinceStep.append(rightFirstTime)
        guard sinceStep.count == Self.answersPerStep else { return nil }
        let up = sinceStep.allSatisfy { $0 }
        sinceStep = []
        return clamp(rate + (up ? Self.step : -Self.step))
    }

    /// The questions are no longer heard (the sound output failed): an answer read from a
    /// subtitle says nothing of the learner's ear, so the rate stops moving.
    public mutating func soundWasLost() {
        soundLost = true
        sinceStep = []
    }
}
