/// Signed 16-bit mono audio samples and the rate they play at.
///
/// ```swift
/// let audio = try await speech.synthesize(Utterance("なな"))
/// print(audio.seconds)   // about 0.5
/// ```
public struct PCMAudio: Hashable, Sendable {
    public var samples: [Int16]
    /// Samples per second, such as 22050 for espeak-ng.
    public var sampleRate: Int

    public init(samples: [Int16], sampleRate: Int) {
        precondition(sampleRate > 0, "sample rate must be positive")
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// The playing time in seconds.
    public var seconds: Double {
        Double(samples.count) / Double(sampleRate)
    }

    /// The playing time.
    public var duration: Duration {
        .seconds(seconds)
    }

    /// The largest absolute sample value; 0 for silence.
    public var peak: Int {
        samples.reduce(0) { max($0, abs(Int($1))) }
    }

    /// The samples as little-endian bytes, the `s16le` layout players and WAV files take.
    public var littleEndianBytes: [UInt8] {
        #if _endian(little)
        return samples.withUnsafeBytes { Array($0) }
        #else
        var bytes = [UInt8](repeating: 0, count: samples.count * 2)
        for (index, sample) in samples.enumerated() {
            let bits = UInt16(bitPattern: sample)
            bytes[2 * index] = UInt8(truncatingIfNeeded: bits)
            bytes[2 * index + 1] = UInt8(truncatingIfNeeded: bits >> 8)
        }
        return bytes
        #endif
    }
}
