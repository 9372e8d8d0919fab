import Composable
import KazuKit
import SpeechClient

/// A listening drill to take away: questions drawn from a seed, laid out as one track (each
/// question spoken, a pause to answer in one's head, the question again to check), with a
/// WebVTT cue per question and, for Anki, a note per value.
///
/// ```swift
/// let items = AudioDrill.draw(topic: topic, count: 20, seed: 7)
/// let track = try AudioDrill.track(items.map { ($0, audioFor($0)) }, pause: 3)
/// try WAVFile.write(track.audio, to: "drill.wav")
/// let vtt = AudioDrill.webVTT(track.cues, title: "money.conbini, seed 7")
/// ```
enum AudioDrill {
    /// One question of the drill, with what the cue and the note show.
    struct Item: Equatable, Sendable {
        /// 1 for the first question.
        var number: Int
        /// The value's stable text, as the history keeps it: 1204, 3本, 14:45.
        var valueKey: String
        /// The value written out: ￥1,204, 3本.
        var written: String
        var kanji: String
        var kana: String
        var romaji: String
        /// The kana said: the value's reading, or in the sentences skill its sentence.
        var spoken: String
        /// In the sentences skill, the sentence the value is said in.
        var sentence: Sentence? = nil
    }

    /// Where one question is in the track: from the start of the question to the end of its repeat.
    struct Cue: Equatable, Sendable {
        var item: Item
        var start: Double
        var end: Double
    }

    /// Silence before the first question, in seconds.
    static let leadIn = 0.5
    /// Silence after a question's repeat, before the next question.
    static let gap = 1.5
    /// Samples this quiet or quieter at either end of a synthesised clip are its silence, trimmed
    /// so the pauses are the lengths asked for.
    static let quiet: Int16 = 64

    /// `count` questions of `topic` in `skill` (listening or sentences), drawn from `seed`: the
    /// same seed, the same drill.
    /// A value is not asked twice in a row when the topic has others; with `distinct`, never
    /// twice, so there may be fewer than `count` in a topic with fewer values.
    static func draw(topic: Topic, count: Int, seed: UInt64, skill: Skill = .listening, distinct: Bool = false) -> [Item] {
        var items: [Item] = []
        var seen: Set<String> = []
        var number = 0
        // Enough draws for a topic with fewer values than `count` to give all it has.
        while items.count < count, number < count * 20 {
            number += 1
            var question = draw(topic, skill: skill, seed: seed, number: number, attempt: 0)
            var attempt = 1
            while attempt < 4, question.valueKey == items.last?.valueKey || (distinct && seen.contains(question.valueKey)) {
                question = draw(topic, skill: skill, seed: seed, number: number, attempt: attempt)
                attempt += 1
            }
            if distinct && seen.contains(question.valueKey) { continue }
            seen.insert(question.valueKey)
            let kanji = topic.question(valueKey: question.valueKey, skill: .reading)?.prompt ?? question.written
            items.append(Item(number: items.count + 1, valueKey: question.valueKey, written: question.written,
                              kanji: kanji, kana: question.reading, romaji: question.romaji,
                              spoken: question.spokenKana, sentence: question.sentence))
        }
        return items
    }

    private static func draw(_ topic: Topic, skill: Skill, seed: UInt64, number: Int, attempt: Int) -> Question {
        // Drawn as a quiz draws (`DrawSeed`): each question on its own, none predicting the next.
        let random = RandomSource.seeded(DrawSeed.seed(session: seed, stream: topic.id, number: number, attempt: attempt))
        return topic.makeQuestion(skill: skill, using: random)
    }

    /// The whole track: a lead-in, then for each item its clip, `pause` seconds, the clip
    /// again and a gap. Clips must share one sample rate.
    static func track(_ clips: [(Item, PCMAudio)], pause: Double) throws -> (audio: PCMAudio, cues: [Cue]) {
        let rate = clips.first?.1.sampleRate ?? 22_050
        guard clips.allSatisfy({ $0.1.sampleRate == rate }) else {
            throw CommandFailure("the voice gave clips at different sample rates; try another --voice")
        }
        func silence(_ seconds: Double) -> [Int16] { Array(repeating: 0, count: Int((seconds * Double(rate)).rounded())) }
        func seconds(_ samples: Int) -> Double { Double(samples) / Double(rate) }
        var samples = silence(leadIn)
        var cues: [Cue] = []
        for (item, clip) in clips {
            let spoken = trimmed(clip.samples)
            let start = samples.count
            samples += spoken
            samples += silence(pause)
            samples += spoken
            cues.append(Cue(item: item, start: seconds(start), end: seconds(samples.count)))
            samples += silence(gap)
        }
        return (PCMAudio(samples: samples, sampleRate: rate), cues)
    }

    /// `samples` without the quiet at either end.
    static func trimmed(_ samples: [Int16]) -> [Int16] {
        guard let first = samples.firstIndex(where: { abs(Int($0)) > Int(quiet) }),
              let last = samples.lastIndex(where: { abs(Int($0)) > Int(quiet) }) else { return [] }
        return Array(samples[first...last])
    }

    // MARK: The cue file

    /// A WebVTT file: one cue per question, from the question to the end of its repeat,
    /// showing its number and value, then kanji, kana and romaji.
    static func webVTT(_ cues: [Cue], note: String) -> String {
        var text = "WEBVTT\n\nNOTE \(note)\n"
        for cue in cues {
            let item = cue.item
            text += "\n\(item.number)\n\(timestamp(cue.start)) --> \(timestamp(cue.end))\n"
            text += escapedHTML("\(item.number). \(item.written)") + "\n"
            text += escapedHTML("\(item.kanji)  \(item.kana)  \(item.romaji)") + "\n"
            if let sentence = item.sentence {
                text += escapedHTML("\(sentence.written)  \(sentence.kana)") + "\n"
                text += escapedHTML("\(sentence.romaji): \(sentence.gloss)") + "\n"
            }
        }
        return text
    }

    /// `hh:mm:ss.ttt`, as WebVTT writes times.
    static func timestamp(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let thousandths = milliseconds % 1000
        let fraction = thousandths < 10 ? "00\(thousandths)" : thousandths < 100 ? "0\(thousandths)" : "\(thousandths)"
        return "\(two(milliseconds / 3_600_000)):\(two(milliseconds / 60_000 % 60)):\(two(milliseconds / 1000 % 60)).\(fraction)"
    }

    // MARK: Anki

    /// The sound file of an item in an Anki folder: `kazu-money.conbini-1204.wav`, named by
    /// value so that a later export of the same topic adds to the collection's media rather
    /// than replacing another value's sound.
    static func soundFileName(topicID: String, item: Item) -> String {
        let value = String(item.valueKey.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        return "kazu-\(topicID)-\(value)\(item.sentence == nil ? "" : "-sentence").wav"
    }

    /// Anki's text import: a header saying tab-separated with HTML, then one note a line,
    /// the sound on the front, value, kanji, kana and romaji on the back.
    static func ankiNotes(_ items: [Item], topicID: String) -> String {
        var text = "#separator:tab\n#html:true\n#tags:kazu \(topicID)\n"
        for item in items {
            let sentence = item.sentence.map { [$0.written, $0.kana, $0.romaji, $0.gloss] } ?? []
            let back = ([item.written, item.kanji, item.kana, item.romaji] + sentence).map(escapedHTML).joined(separator: "<br>")
            text += "[sound:\(soundFileName(topicID: topicID, item: item))]\t\(back)\n"
        }
        return text
    }

    /// The README.txt of an Anki folder: where the sounds go and how to import the notes.
    static func ankiReadme(topic: Topic, notesFile: String, count: Int, seed: UInt64) -> String {
        """
        Kazu listening drill for Anki: \(topic.title) (\(topic.id)), \(count) notes, seed \(seed).
        Each card plays a number in Japanese; its back shows the value, kanji, kana and romaji.

        1. Copy the kazu-*.wav files into your Anki profile's collection.media folder
           (close Anki first):
             Linux:   ~/.local/share/Anki2/PROFILE/collection.media/
             macOS:   ~/Library/Application Support/Anki2/PROFILE/collection.media/
             Windows: %APPDATA%\\Anki2\\PROFILE\\collection.media\\
           (PROFILE is your profile's name, "User 1" unless you renamed it.)
        2. In Anki: File > Import, choose \(notesFile).
           Field separator: Tab. Allow HTML in fields: on. Note type: Basic;
           field 1 to Front, field 2 to Back. Then Import.
           (Anki 2.1.55 and later read these settings from the file's first lines.)

        The sounds are named by value: a later drill of this topic never replaces the sound
        of another value.

        """
    }

    private static func escapedHTML(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
