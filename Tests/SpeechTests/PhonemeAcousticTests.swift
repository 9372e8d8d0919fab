import Foundation
import SpeechClient
import SpeechEspeak
import Testing

/// The voice says what the phonemes mean, measured in real synthesised samples (no sound card):
/// a held closure for っ before p, a nasal consonant for ん before b and p, one long o in ようか,
/// and pauses between phone-number groups. espeak-ng's own Japanese rules fail each of these.
@Suite("What the voice says, measured in its samples")
struct PhonemeAcousticTests {
    static let voices = ["ja", "ja+f1", "ja+f2", "ja+f3", "ja+m1", "ja+m2", "ja+m3"]

    func audio(_ kana: String, voice: String = "ja") async throws -> PCMAudio {
        try await EspeakSynthesizer.shared.synthesize(Utterance(kana, voice: voice))
    }

    @Test("the closure before p in いっぽん, ろっぴゃく and はっぴゃく is as long as before k in いっこ")
    func geminateClosure() async throws {
        let reference = Acoustics.closureMilliseconds(try await audio("いっこ"))
        #expect(reference > 50, "いっこ: \(reference) ms")
        for word in ["いっぽん", "ろっぴゃく", "はっぴゃく"] {
            let closure = Acoustics.closureMilliseconds(try await audio(word))
            // Within 10 ms: the vowels before differ, and so do the bursts after.
            #expect(closure >= reference - 10, "\(word): \(closure) ms of closure, いっこ \(reference) ms")
        }
    }

    @Test("ん before b and p is a nasal consonant, quieter than the vowels around it", arguments: voices)
    func nasalConsonant(voice: String) async throws {
        for word in ["さんびゃく", "さんぽん"] {
            let level = Acoustics.levelAfterFirstVowel(try await audio(word, voice: voice))
            #expect(level.loudest < 0.42, "\(voice) \(word): the ん reaches \(level.loudest) of the vowels' level")
            #expect(level.mean > 0.1, "\(voice) \(word): the ん is at \(level.mean) of the vowel's level, a silence")
        }
    }

    @Test("ようか has one long o, not o then u")
    func longO() async throws {
        let o = Acoustics.spectrum(at: 0.5, ofVowelIn: try await audio("おー"))
        let u = Acoustics.spectrum(at: 0.5, ofVowelIn: try await audio("うー"))
        let yooka = try await audio("ようか")
        for fraction in [0.4, 0.6, 0.8, 0.9] {
            let frame = Acoustics.spectrum(at: fraction, ofVowelIn: yooka)
            let (toO, toU) = (Acoustics.distance(frame, o), Acoustics.distance(frame, u))
            #expect(toO < toU, "at \(fraction) of the vowel: \(toO) from o, \(toU) from u")
        }
    }

    @Test("a phone number pauses between its groups, a date and time between the date and the time")
    func pauses() async throws {
        let phone = try await audio("ぜろきゅうぜろの、いちにいさんよんの、ごおろくななはち")
        #expect(Acoustics.silences(in: phone, atLeast: 0.12).count == 2)
        let dateTime = try await audio("にせんじゅうななねんくがつさんじゅうにち、じゅうよじよんじゅうごふん")
        #expect(Acoustics.silences(in: dateTime, atLeast: 0.12).count == 1)
    }

    @Test("every voice variant is handed the same phonemes, and speaks them", arguments: voices)
    func variants(voice: String) async throws {
        #expect(EspeakSynthesizer.input(for: "いっぽん") == "[['ippoN\\]]")
        let spoken = try await audio("ろっぴゃく", voice: voice)
        #expect(spoken.seconds > 0.3 && spoken.peak > 1000)
    }
}

/// Measurements on samples: levels in 5 ms windows, silent runs, and a coarse spectrum.
private enum Acoustics {
    /// A sample at most this loud is silence.
    static let silent: Int16 = 300

    /// The RMS level of each window of `milliseconds`.
    static func levels(_ audio: PCMAudio, milliseconds: Int = 5) -> [Double] {
        let window = audio.sampleRate * milliseconds / 1000
        return stride(from: 0, to: audio.samples.count - window + 1, by: window).map { start in
            let squares = audio.samples[start..<(start + window)].reduce(0.0) { $0 + Double($1) * Double($1) }
            return (squares / Double(window)).squareRoot()
        }
    }

    /// How long the word is all but silent (below 3% of its loudest) from the end of its first
    /// vowel to the next loud sound: the closure of a geminate consonant, in milliseconds.
    static func closureMilliseconds(_ audio: PCMAudio) -> Int {
        let level = levels(audio)
        let peak = level.max() ?? 0
        guard let vowel = level.firstIndex(where: { $0 > 0.3 * peak }),
              let end = level[vowel...].firstIndex(where: { $0 < 0.05 * peak }),
              let next = level[end...].firstIndex(where: { $0 > 0.3 * peak }) else { return 0 }
        return level[end..<next].filter { $0 < 0.03 * peak }.count * 5
    }

    /// The level of the 50 ms from 20 ms after the first vowel has faded to half: its loudest
    /// against the quieter of the vowels around it, and its mean against the first vowel. Levels
    /// are of 10 ms, averaged over 30 ms, so that a voice's tremor is not taken for the vowel's end.
    static func levelAfterFirstVowel(_ audio: PCMAudio) -> (loudest: Double, mean: Double) {
        let raw = levels(audio, milliseconds: 10)
        let level = raw.indices.map { index in
            (raw[max(index - 1, 0)] + raw[index] + raw[min(index + 1, raw.count - 1)]) / 3
        }
        let peak = level.max() ?? 0
        var vowel = 0.0
        var index = 0
        while index < level.count, !(vowel > 0.3 * peak && level[index] < 0.5 * vowel) {
            vowel = max(vowel, level[index])
            index += 1
        }
        let stretch = level.dropFirst(index + 2).prefix(5)
        let following = level.dropFirst(index + 7).max() ?? 0
        guard !stretch.isEmpty, vowel > 0, following > 0 else { return (1, 0) }
        return (stretch.max()! / min(vowel, following), stretch.reduce(0, +) / Double(stretch.count) / vowel)
    }

    /// The silent runs at least `seconds` long between the first and the last sound.
    static func silences(in audio: PCMAudio, atLeast seconds: Double) -> [Int] {
        let samples = audio.samples
        guard let first = samples.firstIndex(where: { abs(Int($0)) > silent }),
              let last = samples.lastIndex(where: { abs(Int($0)) > silent }) else { return [] }
        var runs: [Int] = []
        var run = 0
        for sample in samples[first...last] {
            if abs(Int(sample)) <= silent { run += 1; continue }
            if Double(run) >= seconds * Double(audio.sampleRate) { runs.append(run) }
            run = 0
        }
        return runs
    }

    /// Log energy in 300 Hz bands from 200 to 3,200 Hz (where the vowels' formants are), about
    /// its mean, of a 512-sample frame at `fraction` of the way through the first voiced stretch.
    static func spectrum(at fraction: Double, ofVowelIn audio: PCMAudio) -> [Double] {
        let samples = audio.samples
        let frame = 512
        guard let start = samples.firstIndex(where: { abs(Int($0)) > silent }) else { return [] }
        var end = samples.count
        var run = 0
        for index in start..<samples.count {
            run = abs(Int(samples[index])) <= silent ? run + 1 : 0
            if run >= audio.sampleRate / 50 { end = index - run; break }
        }
        let centre = start + Int(Double(end - start) * fraction)
        let from = max(0, min(centre - frame / 2, samples.count - frame))
        let windowed = (0..<frame).map { i in
            Double(samples[from + i]) * (0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(frame - 1)))
        }
        let binWidth = Double(audio.sampleRate) / Double(frame)
        var bands = [Double](repeating: 0, count: 10)
        for bin in 1..<Int(3200 / binWidth) {
            let frequency = Double(bin) * binWidth
            guard frequency >= 200 else { continue }
            var real = 0.0, imaginary = 0.0
            for (i, x) in windowed.enumerated() {
                let angle = 2 * Double.pi * Double(bin * i) / Double(frame)
                real += x * cos(angle)
                imaginary += x * sin(angle)
            }
            bands[min(Int((frequency - 200) / 300), 9)] += real * real + imaginary * imaginary
        }
        let logs = bands.map { log($0 + 1) }
        let mean = logs.reduce(0, +) / Double(logs.count)
        return logs.map { $0 - mean }
    }

    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}
