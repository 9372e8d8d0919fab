import Foundation
import KazuTestSupport
import SpeechClient
import Testing

/// `kazu say --phonemes` prints what espeak-ng is handed, and that is what Kazu speaks: its WAV
/// is the one `espeak-ng` makes from the same phonemes.
@Suite("kazu say --phonemes")
struct SayPhonemesTests {
    @Test("prints the phonemes, one utterance a line, for kana, numbers and counters", arguments: [
        (["いっぽん"], "'ippoN\\"), (["300"], "samb_j'aku"), (["--counter", "本", "3"], "s'amboN\\"),
        (["-c", "日", "8"], "j'o:ka"), (["ぜろの、いち"], "zer`'ono _;_ 'it_s\\i"),
    ])
    func printsPhonemes(_ arguments: [String], _ phonemes: String) throws {
        let result = try KazuProcess.run(["say", "--phonemes"] + arguments)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == phonemes + "\n")
        #expect(result.errors == "")
    }

    /// A sentence's subtitle is said as the quiz said it: the particles は and へ as わ and え.
    /// Kana that is not one of Kazu's sentences is said as written.
    @Test func aSubtitleIsSaidAsTheQuizSaidIt() throws {
        for (shown, said) in [("でんわばんごうは、ぜろきゅうぜろの、いちにいさんよんの、ごおろくななはちです",
                               "でんわばんごうわ、ぜろきゅうぜろの、いちにいさんよんの、ごおろくななはちです"),
                              ("さんばんのかた、まどぐちへどうぞ", "さんばんのかた、まどぐちえどうぞ"),
                              ("はは", "はは"),
                              // Pasted with the quiz's brackets, a full stop or spaces around it.
                              ("「でんわばんごうは、ぜろきゅうぜろの、いちにいさんよんの、ごおろくななはちです」",
                               "でんわばんごうわ、ぜろきゅうぜろの、いちにいさんよんの、ごおろくななはちです"),
                              (" さんばんのかた、まどぐちへどうぞ。 ", "さんばんのかた、まどぐちえどうぞ。")] {
            let fromShown = try KazuProcess.run(["say", "--phonemes", shown]), fromSaid = try KazuProcess.run(["say", "--phonemes", said])
            #expect(fromShown.status == 0 && fromSaid.status == 0, "\(fromShown.errors) \(fromSaid.errors)")
            #expect(fromShown.output == fromSaid.output, "\(shown)")
        }
        #expect(try KazuProcess.run(["say", "--phonemes", "はは"]).output.hasPrefix("h"))
    }

    @Test func phonemesAndWAVTogetherAreAUsageError() throws {
        let result = try KazuProcess.run(["say", "--phonemes", "--wav", "-", "3"])
        #expect(result.status == 64)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix("error: --phonemes prints and --wav writes a file; give one of them\n"))
    }

    // --phonemes prints the same for every voice, and printed them for a typo, exit 0.
    @Test func anUnknownVoiceIsAUsageErrorWithPhonemesToo() throws {
        let result = try KazuProcess.run(["say", "--voice", "zz", "--phonemes", "300"])
        #expect(result.status == 64)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix("error: unknown voice 'zz'; the voices are: ja"))
        #expect(try KazuProcess.run(["say", "--voice", "ja+f2", "--phonemes", "300"]).status == 0)
    }

    /// Both sides are fresh processes: espeak-ng's output depends a little on what it said before.
    /// Kazu leaves out the zeros espeak-ng may start with and the sentence pause its command line
    /// adds at the end, so Kazu's samples are espeak-ng's from its first sound on.
    @Test("the WAV of kazu say is what espeak-ng makes from the printed phonemes", arguments: [
        ("ja", 175, 50, "いっぽん"), ("ja+f2", 150, 60, "ぜろきゅうぜろの、いちにいさんよんの、ごおろくななはち"),
        ("ja+m3", 220, 40, "さんびゃくよんじゅうごえん"), ("ja+m1", 150, 50, "きゅう"),
    ])
    func wavMatchesEspeak(voice: String, rate: Int, pitch: Int, text: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kazu-phonemes-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let kazuWAV = directory + "/kazu.wav", espeakWAV = directory + "/espeak.wav"

        let phonemes = try KazuProcess.run(["say", "--phonemes", text]).output.trimmingCharacters(in: .newlines)
        let settings = ["--voice", voice, "--rate", "\(rate)", "--pitch", "\(pitch)"]
        let kazu = try KazuProcess.run(["say"] + settings + ["--wav", kazuWAV, text])
        #expect(kazu.status == 0, "\(kazu.errors)")
        let espeak = try KazuProcess.run(
            ["-v", voice, "-s", "\(rate)", "-p", "\(pitch)", "-w", espeakWAV, "[[\(phonemes)]]"], executable: "/usr/bin/espeak-ng")
        #expect(espeak.status == 0, "\(espeak.errors)")

        let ours = try WAVFile.read(from: kazuWAV), espeakAudio = try WAVFile.read(from: espeakWAV)
        let theirs = espeakAudio.samples.drop { $0 == 0 }
        #expect(ours.sampleRate == espeakAudio.sampleRate)
        #expect(ours.samples.count > 5000 && ours.samples.count <= theirs.count,
                "\(ours.samples.count) samples from kazu, \(theirs.count) from espeak-ng")
        // Compared as a Boolean: a failing comparison of sample arrays prints them all.
        let same = ours.samples.elementsEqual(theirs.prefix(ours.samples.count))
        #expect(same, "\(text) in \(voice): kazu's samples differ from espeak-ng's")
    }
}
