/// The seed of one draw in a session: the session's seed mixed with what is drawn (a topic's
/// questions, a review's rounds), the question's number and the attempt. Every draw gets a
/// generator of its own, unrelated to the one before it and to another topic's, and the same
/// session seed still replays the same session.
///
/// ```swift
/// let random = RandomSource.seeded(DrawSeed.seed(session: 7, stream: "number.1-100", number: 3))
/// let question = topic.makeQuestion(skill: .listening, using: random)
/// ```
public enum DrawSeed {
    /// Each part goes through SplitMix64's finalizer before the next is mixed in: a seed
    /// plus a multiple of SplitMix64's own increment would start the next question's generator
    /// one step along the last one's (each phone number its predecessor shifted by a digit).
    public static func seed(session: UInt64, stream: String, number: Int, attempt: Int = 0) -> UInt64 {
        var seed = mix(session)
        seed = mix(seed ^ fnv1a(stream))
        seed = mix(seed ^ UInt64(bitPattern: Int64(number)))
        return mix(seed ^ UInt64(bitPattern: Int64(attempt)))
    }

    /// FNV-1a of the UTF-8 bytes: the same in every run (Swift's `Hasher` is seeded per process).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// SplitMix64's step and finalizer: a bijection that spreads every input bit over the
    /// output, and takes 0 elsewhere than 0.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
