/// The rates and pitches a speech client accepts, with the defaults a learner starts from.
///
/// ```swift
/// let rate = speech.parameters.rate.clamp(settings.rate)   // 80...350, default 150
/// ```
public struct SpeechParameters: Hashable, Sendable {
    /// Speaking rate in words per minute.
    public var rate: ParameterRange
    /// Base pitch on a 0-100 scale; 50 is the voice's own.
    public var pitch: ParameterRange

    public init(rate: ParameterRange, pitch: ParameterRange) {
        self.rate = rate
        self.pitch = pitch
    }

    /// The learner's ranges, inside espeak-ng's own (rate 80-450, default 175; pitch 0-100, default 50).
    ///
    /// The default rate is a little slower than espeak-ng's 175 so that a beginner
    /// hears each mora; 350 is already faster than a news reader, and espeak-ng
    /// slurs Japanese badly above it, so the range stops there.
    public static let standard = SpeechParameters(
        rate: ParameterRange(80...350, defaultValue: 150),
        pitch: ParameterRange(0...100, defaultValue: 50)
    )
}

/// A closed range of integer settings and the value to use when none is chosen.
public struct ParameterRange: Hashable, Sendable {
    public var bounds: ClosedRange<Int>
    public var defaultValue: Int

    public init(_ bounds: ClosedRange<Int>, defaultValue: Int) {
        precondition(bounds.contains(defaultValue), "default \(defaultValue) outside \(bounds)")
        self.bounds = bounds
        self.defaultValue = defaultValue
    }

    /// The nearest value inside the range.
    public func clamp(_ value: Int) -> Int {
        min(max(value, bounds.lowerBound), bounds.upperBound)
    }
}
