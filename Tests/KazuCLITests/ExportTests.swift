import Foundation
@testable import KazuCLI
import KazuTestSupport
import SpeechClient
import Testing

/// `kazu export`: real synthesised audio, read back. The utterances and pauses found in the
/// WAV are the ones the cue file names; an Anki folder is what Anki's text import takes.
@Suite("kazu export")
struct ExportTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("kazu-export")
    }

    private struct Cue: Equatable {
        var start: Double
        var end: Double
        var lines: [String]
    }

    /// The cues of a WebVTT file: times and text lines.
    private func cues(_ text: String) -> [Cue] {
        text.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n").map(String.init)
            guard let timing = lines.firstIndex(where: { $0.contains(" --> ") }) else { return nil }
            let times = lines[timing].components(separatedBy: " --> ").map(seconds)
            return Cue(start: times[0], end: times[1], lines: Array(lines[(timing + 1)...]))
        }
    }

    private func seconds(_ stamp: String) -> Double {
        let parts = stamp.split(separator: ":").map { Double($0)! }
        return parts[0] * 3600 + parts[1] * 60 + parts[2]
    }

    /// The stretches of sound in `audio`: runs between silences of at least `minimum` seconds.
    private func utterances(in audio: PCMAudio, minimum: Double = 0.4) -> [(start: Double, end: Double)] {
        let rate = Double(audio.sampleRate)
        var segments: [(start: Double, end: Double)] = []
        var soundStart: Int?, lastSound = 0
        for (index, sample) in audio.samples.enumerated() where abs(Int(sample)) >= 100 {
            if let start = soundStart, Double(index - lastSound) / rate >= minimum {
                segments.append((Double(start) / rate, Double(lastSound + 1) / rate))
                soundStart = index
            } else if soundStart == nil {
                soundStart = index
            }
            lastSound = index
        }
        if let start = soundStart { segments.append((Double(start) / rate, Double(lastSound + 1) / rate)) }
        return segments
    }

    @Test("the WAV holds each question twice with a pause between, where the cue file says")
    func wavMatchesItsCues() throws {
        let wav = directory.path + "/drill.wav"
        let result = try KazuProcess.run(["export", "money.conbini", "--questions", "6", "--seed", "11", "--pause", "1", "--wav", wav])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("wrote \(wav) (6 questions, "))
        let audio = try WAVFile.read(from: wav)
        let cueText = try String(contentsOfFile: directory.path + "/drill.vtt", encoding: .utf8)
        #expect(cueText.hasPrefix("WEBVTT\n"))
        let cues = cues(cueText)
        let found = utterances(in: audio)
        #expect(cues.count == 6)
        #expect(found.count == 2 * cues.count, "\(found)")
        for (index, cue) in cues.enumerated() where found.count == 2 * cues.count {
            let (question, repeated) = (found[2 * index], found[2 * index + 1])
            #expect(abs(question.start - cue.start) < 0.02, "cue \(index + 1) starts with its question")
            #expect(abs(repeated.end - cue.end) < 0.02, "cue \(index + 1) ends with its repeat")
            let pause = repeated.start - question.end
            #expect(pause >= 0.98 && pause < 1.05, "cue \(index + 1): a pause of 1 s, found \(pause)")
            #expect(abs((question.end - question.start) - (repeated.end - repeated.start)) < 0.01, "said twice alike")
            #expect(cue.lines.count == 2)
            #expect(cue.lines.first?.hasPrefix("\(index + 1). ￥") == true, "\(cue.lines)")
        }
    }

    @Test("a sentences drill says each sentence twice, and its cue shows the sentence and its gloss")
    func sentencesDrill() throws {
        let wav = directory.path + "/sentences.wav"
        let result = try KazuProcess.run(["export", "money.conbini", "--skill", "sentences", "--questions", "3", "--seed", "5",
                                          "--pause", "1", "--wav", wav])
        #expect(result.status == 0, "\(result.errors)")
        let audio = try WAVFile.read(from: wav)
        let cues = cues(try String(contentsOfFile: directory.path + "/sentences.vtt", encoding: .utf8))
        #expect(cues.count == 3)
        #expect(utterances(in: audio).count == 2 * cues.count)
        for cue in cues {
            #expect(cue.lines.count == 4, "\(cue.lines)")
            // The written sentence holds the amount, and the last line is the romaji and the gloss.
            #expect(cue.lines.count == 4 && cue.lines[2].contains("円") && cue.lines[3].contains(": "), "\(cue.lines)")
        }
        let reading = try KazuProcess.run(["export", "date.year-1-2500", "--skill", "sentences", "--wav", directory.path + "/x.wav"])
        #expect(reading.status == 64 && reading.errors.contains("not by sentences"), "\(reading.errors)")
    }

    /// A write cut short (here by a file-size limit, as a full disk would) is an error, and the
    /// file it was to replace is left as it was: never half a new one, no leftover beside it.
    @Test func aWriteCutShortLeavesTheOldFileWhole() throws {
        let wav = directory.path + "/drill.wav"
        try Data("the old drill".utf8).write(to: URL(fileURLWithPath: wav))
        // 2048 blocks (1 MB) is half the drill: write(2) fails with EFBIG (SIGXFSZ ignored).
        // Not less: ThreadSanitizer's runtime writes a 512 KB file of its own to start.
        let result = try KazuProcess.run(["-c", #"trap '' XFSZ; ulimit -f 2048; exec "$0" export money.conbini -n 6 --seed 11 --wav "$1""#,
                                          KazuProcess.executablePath, wav], executable: "/bin/sh")
        #expect(result.status == 1)
        // (The limit also trips libraries' own small files, which say so before.)
        #expect(result.errors.contains("error: cannot write /") && result.errors.hasSuffix(": File too large\n"), "\(result.errors)")
        #expect(try String(contentsOfFile: wav, encoding: .utf8) == "the old drill")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["drill.wav"])
    }

    @Test("the same seed gives the same drill, sound and cues")
    func seedIsDeterministic() throws {
        for name in ["a", "b"] {
            let result = try KazuProcess.run(["export", "counter.long", "-n", "3", "--seed", "5", "--wav", "\(directory.path)/\(name).wav"])
            #expect(result.status == 0, "\(result.errors)")
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/a.wav"))
        let b = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/b.wav"))
        #expect(a == b)
        #expect(try String(contentsOfFile: directory.path + "/a.vtt", encoding: .utf8)
            == String(contentsOfFile: directory.path + "/b.vtt", encoding: .utf8))
    }

    @Test("an Anki folder: tab-separated notes whose sounds are there, and a README on importing")
    func ankiFolder() throws {
        let folder = directory.path + "/anki"
        let result = try KazuProcess.run(["export", "money.conbini", "--questions", "5", "--seed", "4", "--anki", folder])
        #expect(result.status == 0, "\(result.errors)")
        let notes = try String(contentsOfFile: folder + "/kazu-money.conbini.txt", encoding: .utf8)
        let lines = notes.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["#separator:tab", "#html:true"])
        let noteLines = lines.filter { !$0.hasPrefix("#") }
        #expect(noteLines.count == 5)
        var sounds: Set<String> = []
        for line in noteLines {
            let fields = line.components(separatedBy: "\t")
            #expect(fields.count == 2, "\(line)")
            guard fields.count == 2, fields[0].hasPrefix("[sound:"), fields[0].hasSuffix("]") else {
                Issue.record("front is not a sound: \(line)")
                continue
            }
            let sound = String(fields[0].dropFirst(7).dropLast())
            sounds.insert(sound)
            #expect(try WAVFile.read(from: folder + "/" + sound).samples.count > 4000, "\(sound)")
            let back = fields[1].components(separatedBy: "<br>")
            #expect(back.count == 4 && back[0].hasPrefix("￥"), "value, kanji, kana, romaji: \(fields[1])")
        }
        #expect(sounds.count == 5)
        let listed = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(listed == (["README.txt", "kazu-money.conbini.txt"] + sounds).sorted())
        let readme = try String(contentsOfFile: folder + "/README.txt", encoding: .utf8)
        for needed in ["collection.media", "File > Import", "kazu-money.conbini.txt", "Tab", "Allow HTML"] {
            #expect(readme.contains(needed), "\(needed)")
        }
    }

    @Test("bad input is a usage error that says what to do, and writes nothing",
          arguments: [
              (["export", "nonesuch", "--wav", "x.wav"], "error: no topic 'nonesuch'"),
              (["export", "money.conbini"], "error: say where the drill goes: --wav FILE"),
              (["export", "money.conbini", "--wav", "x.wav", "--anki", "d"], "error: --wav and --anki both"),
              (["export", "money.conbini", "--skill", "reading", "--wav", "x.wav"], "error: a drill to listen to is listening or sentences"),
              (["export", "money.conbini", "--wav", "no-folder/x.wav"], "error: --wav 'no-folder/x.wav': there is no folder 'no-folder'"),
              (["export", "money.conbini", "--anki", "full"], "error: --anki 'full' is not empty"),
              (["export", "money.conbini", "--wav", "-"], "error: --wav needs a file, not standard output"),
              (["export", "money.conbini", "--pause", "0", "--wav", "x.wav"], "error: --pause must be between 0.5 and 60"),
          ])
    func badInput(arguments: [String], message: String) throws {
        try FileManager.default.createDirectory(atPath: directory.path + "/full", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: directory.path + "/full/mine.txt"))
        let result = try KazuProcess.run(
            ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", directory.path, KazuProcess.executablePath] + arguments,
            executable: "/bin/sh")
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix(message), "\(result.errors)")
        #expect(result.errors.contains("\nusage: kazu export "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["full"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/full") == ["mine.txt"])
    }

    @Test("a timestamp is hh:mm:ss.ttt")
    func timestamps() {
        #expect(AudioDrill.timestamp(0.5) == "00:00:00.500")
        #expect(AudioDrill.timestamp(3725.0417) == "01:02:05.042")
    }
}
