#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import KazuKit
import SpeechClient
import SpeechEspeak

/// `kazu export`: a listening drill to take away, as one WAV with a cue file, or as Anki notes.
enum ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write a drill to listen to: one WAV with its cues, or notes and sounds for Anki.",
        discussion: """
            With --wav, FILE gets each question spoken, a pause to answer in your head, then \
            the question again to check; beside it, FILE with .vtt is a WebVTT file giving each \
            question's time, value, kanji, kana and romaji. With --anki, DIR (new or empty) gets \
            one sound per value, kazu-TOPIC.txt for Anki's File > Import, and a README.txt \
            saying where the sounds go. The same --seed gives the same drill.
            """,
        options: [
            .option("wav", short: "w", value: "FILE", help: "Write the drill to FILE, a 16-bit mono WAV, and its cues to FILE with .vtt."),
            .option("anki", value: "DIR", help: "Write Anki notes and their sounds to DIR, a new or empty folder."),
            .option("questions", short: "n", value: "N", as: Int.self, in: 1...1000, help: "How many questions.", default: 20),
            .option("skill", short: "s", value: "SKILL", as: Skill.self,
                    help: "listening (the number alone) or sentences (the number said in a sentence).", default: .listening),
            .option("pause", value: "SECONDS", as: Double.self, in: 0.5...60,
                    help: "Silence after each question, to answer in your head.", default: 3),
            .option("seed", value: "N", as: UInt64.self, help: "Draw the questions from seed N: the same seed, the same drill."),
            .option("voice", value: "V", help: "The espeak-ng voice (kazu say --list-voices).", default: Voice.defaultJapaneseID),
            .option("rate", short: "r", value: "WPM", as: Int.self, in: SpeechParameters.standard.rate.bounds,
                    help: "Speaking rate in words per minute.", default: SpeechParameters.standard.rate.defaultValue),
            .option("pitch", short: "p", value: "P", as: Int.self, in: SpeechParameters.standard.pitch.bounds,
                    help: "Voice pitch.", default: SpeechParameters.standard.pitch.defaultValue),
        ],
        arguments: [.argument("TOPIC", help: "The topic's id or a prefix of it; see 'kazu topics'.")]
    )

    static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
        let wav = arguments.value("wav"), anki = arguments.value("anki")
        guard (wav == nil) != (anki == nil) else {
            throw UsageError(wav == nil
                ? "say where the drill goes: --wav FILE for one audio file, or --anki DIR for Anki"
                : "--wav and --anki both say where the drill goes; give one of them")
        }
        let topic: Topic
        switch Topics.resolve(arguments.argument("TOPIC") ?? "", hasReview: false) {
        case let .success(found): topic = found
        case let .failure(problem): throw UsageError(problem.message)
        }
        let skill = arguments.defaultedValue("skill", as: Skill.self)
        guard skill == .listening || skill == .sentences else {
            throw UsageError("a drill to listen to is listening or sentences; reading and writing are drilled on screen with 'kazu quiz'")
        }
        guard topic.skills.contains(skill) else {
            throw UsageError("\(topic.id) is drilled by \(topic.skillList), not by \(skill.rawValue)")
        }
        let kept = (try? storageLocations()).map { [$0.historyFile, $0.settingsFile] } ?? []
        if let wav {
            if wav == "-" { throw UsageError("--wav needs a file, not standard output: the cue file is written beside it") }
            try checkWritable(wav, named: "--wav \(UserText.quoted(wav))", sparing: kept)
            try checkWritable(cuePath(for: wav), named: "the cue file \(UserText.quoted(cuePath(for: wav)))", sparing: kept)
        }
        if let anki { try checkFolder(anki) }

        let speech = SpeechClient.espeak(player: "none")
        let preferences = SpeechPreferences(voice: arguments.defaultedValue("voice", as: String.self),
                                            rate: arguments.defaultedValue("rate", as: Int.self),
                                            pitch: arguments.defaultedValue("pitch", as: Int.self))
        try SayCommand.checkVoice(preferences.voice, among: try waitFor { try await speech.voices() })
        let seed = arguments.value("seed", as: UInt64.self) ?? UInt64.random(in: 0...999_999)
        let count = arguments.defaultedValue("questions", as: Int.self)
        let items = AudioDrill.draw(topic: topic, count: count, seed: seed, skill: skill, distinct: anki != nil)
        var clips: [(AudioDrill.Item, PCMAudio)] = []
        for item in items {
            let utterance = preferences.utterance(item.spoken, within: speech.parameters)
            do {
                clips.append((item, try waitFor { try await speech.synthesize(utterance) }))
            } catch {
                throw CommandFailure("cannot synthesise \(item.spoken): \(error)")
            }
        }

        if let wav {
            try writeTrack(clips, to: wav, topic: topic, seed: seed, pause: arguments.defaultedValue("pause", as: Double.self), io: io)
        } else if let anki {
            try writeAnki(clips, to: anki, topic: topic, seed: seed, asked: count, io: io)
        }
        return .success
    }

    /// The drill as one WAV at `path`, and its cues beside it.
    private static func writeTrack(_ clips: [(AudioDrill.Item, PCMAudio)], to path: String, topic: Topic, seed: UInt64,
                                   pause: Double, io: TerminalIO) throws {
        let track = try AudioDrill.track(clips, pause: pause)
        let skill = clips.first?.0.sentence == nil ? "" : " --skill sentences"
        let note = "kazu export \(topic.id)\(skill) --questions \(clips.count) --seed \(seed) --pause \(pause.argumentDescription)"
        try write(to: path) { try WAVFile.write(track.audio, to: path) }
        let cues = cuePath(for: path)
        try write(to: cues) { try writeText(AudioDrill.webVTT(track.cues, note: note), to: cues) }
        io.output.writeLine("wrote \(path) (\(clips.count) question\(clips.count == 1 ? "" : "s"), \(minutes(track.audio.seconds))) and \(cues); seed \(seed)")
    }

    /// The drill as Anki notes in `folder`: a sound per value, the notes file and a README.
    private static func writeAnki(_ clips: [(AudioDrill.Item, PCMAudio)], to folder: String, topic: Topic, seed: UInt64,
                                  asked: Int, io: TerminalIO) throws {
        if !FileManager.default.fileExists(atPath: folder), mkdir(folder, 0o755) != 0 {
            throw CommandFailure("cannot make the folder \(UserText.shown(folder)): \(String(cString: strerror(errno)))")
        }
        for (item, clip) in clips {
            let path = folder + "/" + AudioDrill.soundFileName(topicID: topic.id, item: item)
            // A tenth of a second of silence at each end, so that no player clips the first sound.
            let padding = [Int16](repeating: 0, count: clip.sampleRate / 10)
            let sound = PCMAudio(samples: padding + AudioDrill.trimmed(clip.samples) + padding, sampleRate: clip.sampleRate)
            try write(to: path) { try WAVFile.write(sound, to: path) }
        }
        let items = clips.map(\.0)
        let notesFile = "kazu-\(topic.id).txt"
        let notesPath = folder + "/" + notesFile, readmePath = folder + "/README.txt"
        try write(to: notesPath) { try writeText(AudioDrill.ankiNotes(items, topicID: topic.id), to: notesPath) }
        let readme = AudioDrill.ankiReadme(topic: topic, notesFile: notesFile, count: items.count, seed: seed)
        try write(to: readmePath) { try writeText(readme, to: readmePath) }
        let fewer = items.count < asked ? " (all the values \(topic.id) has)" : ""
        io.output.writeLine("wrote \(items.count) notes\(fewer) and their sounds to \(folder); "
            + "\(readmePath) says how to import them; seed \(seed)")
    }

    /// FILE.vtt for FILE.wav, else FILE with .vtt added.
    static func cuePath(for wav: String) -> String {
        wav.lowercased().hasSuffix(".wav") ? String(wav.dropLast(4)) + ".vtt" : wav + ".vtt"
    }

    /// Refuses at once a path no file could be written to, before any synthesis.
    private static func checkWritable(_ path: String, named label: String, sparing kept: [String]) throws {
        guard let problem = SessionReport.problem(writingTo: path, sparing: kept) else { return }
        let reason = switch problem {
        case .noPath: "give a file's path, as in '--wav drill.wav'"
        case .folder: "that is a folder; name a file, as in '--wav drill.wav'"
        case .linkLoop: "that is a link that leads back to itself"
        case let .noFolder(folder): "there is no folder \(UserText.quoted(folder)); make it first"
        case let .notAFolder(file): "\(UserText.quoted(file)) is a file, not a folder"
        case let .notWritable(place): "you may not write to \(UserText.quoted(place)); name a file where you can"
        case .nameTooLong: "the name is too long for the system; name a shorter one"
        case .socket: "that is a socket; name a file"
        case .keptFile: "that is where kazu keeps its history or settings; name another file"
        }
        throw UsageError("\(label): \(reason)")
    }

    /// Refuses an Anki folder that holds something already (nothing there is replaced) or
    /// that could not be made.
    private static func checkFolder(_ path: String) throws {
        let label = "--anki \(UserText.quoted(path))"
        var info = stat()
        guard stat(path, &info) == 0 else {
            if path.isEmpty { throw UsageError("--anki needs a folder, as in '--anki kazu-anki'") }
            // Made later; what would stop it (no parent folder, no permission) is said now.
            try checkWritable(path, named: label, sparing: [])
            return
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw UsageError("\(label) is a file; name a new or empty folder") }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        guard contents.isEmpty else {
            throw UsageError("\(label) is not empty; name a new or empty folder, so that nothing in it is replaced")
        }
        guard FileManager.default.isWritableFile(atPath: path) else {
            throw UsageError("\(label): you may not write in it; name a folder where you can")
        }
    }

    private static func writeText(_ text: String, to path: String) throws {
        // Whole or not at all, as the WAV beside it (a file beside it, renamed over it).
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private static func write(to path: String, _ work: () throws -> Void) throws {
        do { try work() } catch { throw CommandFailure("cannot write \(UserText.shown(path)): \(error)") }
    }

    /// `2:05` for 125 seconds.
    private static func minutes(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return "\(whole / 60):\(whole % 60 < 10 ? "0" : "")\(whole % 60)"
    }
}
