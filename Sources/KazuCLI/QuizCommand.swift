import Dispatch
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

extension Skill: ArgumentValue {}

/// `kazu quiz`: straight into a session on a topic, at the terminal or driven by a script
/// through standard input, one answer per line.
enum QuizCommand: SessionCommand {
    static let spec = CommandSpec(
        name: "quiz",
        abstract: "Play a session: hear (or see) a number, type it.",
        discussion: """
            TOPIC is an id from 'kazu topics' or an unambiguous prefix of one (money, \
            date.era). Flags override the saved settings for this session only. Each line \
            typed is an answer; an empty line or :r replays, :a shows the answer, :s opens \
            the settings, :q ends, :h lists these. Ctrl-D, Ctrl-C and SIGTERM end the session \
            as :q does: the summary is printed and the session saved (exit 0, 130, 143). \
            Piped, the output is plain lines, one question line per question, flushed at once.
            """,
        options: [
            .option("skill", short: "s", value: "SKILL", as: Skill.self, help: "listening, reading, writing or sentences."),
            .option("questions", short: "n", value: "N", as: Int.self, in: 1...10_000, help: "End after N questions."),
            .option("time", short: "t", value: "SECONDS", as: Int.self, in: 1...86_400, help: "End after SECONDS of quiz time."),
            .flag("infinite", help: "No limit: play until :q."),
            .flag("kana", help: "Reading skill only: show the numbers in kana instead of kanji (harder)."),
            .option("seed", value: "N", as: UInt64.self, help: "Draw the questions from seed N: the same seed, the same session."),
            .flag("no-audio", help: "Do not speak; show the kana instead."),
            .flag("subtitles", help: "Show the spoken kana with each listening question."),
            .option("voice", value: "V", help: "The espeak-ng voice (kazu say --list-voices)."),
            .option("rate", short: "r", value: "WPM", as: RateChoice.self,
                    help: "Speaking rate, or auto: it moves with your answers (auto:120-220 bounds it)."),
            .option("pitch", short: "p", value: "P", as: Int.self, in: SpeechParameters.standard.pitch.bounds, help: "Voice pitch."),
            .option("json-report", value: "PATH", help: "Also write the session's summary as JSON to PATH (- for standard output)."),
        ],
        arguments: [.optionalArgument("TOPIC", help: "The topic's id or a prefix of it; see 'kazu topics'.")]
    )

    @MainActor
    static func play(_ arguments: ParsedArguments, io: TerminalIO) async throws -> ExitCode {
        let limits = ["questions", "time", "infinite"].filter { arguments.wasGiven($0) }
        guard limits.count <= 1 else {
            throw UsageError("--\(limits[0]) and --\(limits[1]) both set the session's limit; give one of --questions, --time and --infinite")
        }
        guard let typed = arguments.argument("TOPIC") else {
            throw UsageError("missing argument <TOPIC>: name a topic, as in 'kazu quiz money.conbini' ('kazu topics' lists them)")
        }
        // A listening quiz starts libespeak-ng and its first player now, beside the reading of
        // the settings and the history, so that the first question is heard as soon as it is asked.
        let listening = arguments.value("skill", as: Skill.self) == .listening && !arguments.flag("no-audio")
        let readySpeech: SpeechClient? = listening ? .espeak(readiness: .readyNow) : nil
        let remembered = try loadRemembered(io: io)
        let (loaded, review) = (remembered.loaded, remembered.review)
        let topic: Topic
        switch Topics.resolve(typed, hasReview: !review.isEmpty, weakSpots: remembered.weakSpots) {
        case let .success(found): topic = found
        case let .failure(problem): throw UsageError(problem.message)
        }
        if let skill = arguments.value("skill", as: Skill.self), !topic.skills.contains(skill) {
            throw UsageError("\(topic.id) is drilled by \(topic.skillList), not \(skill.rawValue)")
        }
        if arguments.flag("kana") { try checkKana(topic: topic, skill: arguments.value("skill", as: Skill.self), saved: loaded.settings) }
        var mode: QuizMode?
        if let count = arguments.value("questions", as: Int.self) { mode = .questionLimit(count) }
        if let seconds = arguments.value("time", as: Int.self) { mode = .timeLimit(seconds: seconds) }
        if arguments.flag("infinite") { mode = .infinite }
        let speech: SpeechClient = readySpeech
            ?? (arguments.flag("no-audio") ? silentListingVoices() : .espeak(readiness: .keepsPlayerReady))
        // A voice that is not installed is a typo, refused before the session as `kazu say`
        // refuses it. When the voices cannot be listed (espeak-ng's data missing), the session
        // says so itself and goes on silent; under --no-audio nothing is spoken.
        if let voice = arguments.value("voice"), !arguments.flag("no-audio"),
           let voices = try? await speech.voices() {
            try SayCommand.checkVoice(voice, among: voices)
        }
        let environment = ProcessInfo.processInfo.environment
        let configuration = QuizSession.Configuration(
            topic: topic, skill: arguments.value("skill", as: Skill.self), script: arguments.flag("kana") ? .kana : nil,
            mode: mode, seed: arguments.value("seed", as: UInt64.self), speech: speech,
            subtitles: arguments.flag("subtitles") || arguments.flag("no-audio") || soundIsOffByChoice(environment),
            audible: !arguments.flag("no-audio") && !soundIsOffByChoice(environment),
            voice: arguments.value("voice"),
            rate: arguments.value("rate", as: RateChoice.self), pitch: arguments.value("pitch", as: Int.self),
            reportPath: try arguments.value("json-report").map { try reportPath($0, locations: remembered.locations) },
            settingsClient: remembered.settingsClient, history: remembered.history,
            colours: TextStyle.wanted(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment),
            remembersChoices: false)
        return await play(configuration, settings: loaded.settings, reviewEntries: review, io: io)
    }

    /// `--kana` changes how reading questions are written, and only those: listening shows no
    /// number and writing's answer is the kana, so with either it would be ignored in silence.
    /// The skill is the one given, else the saved one as the session would take it.
    static func checkKana(topic: Topic, skill given: Skill?, saved: KazuSettings) throws {
        guard topic.skills.contains(.reading) else {
            throw UsageError("--kana applies to the reading skill only, and \(topic.id) is drilled by \(topic.skillList); drop --kana")
        }
        let skill = given ?? PreSettings.State(topic: topic, settings: saved).skill
        guard skill != .reading else { return }
        let whose = given == nil ? " (no --skill given)" : ""
        throw UsageError("--kana applies to the reading skill only, and this session's skill is \(skill.rawValue)\(whose); add --skill reading, or drop --kana")
    }

    /// Where `--json-report` writes: refused at once when no file could ever be written there,
    /// rather than after the learner has played the whole session.
    static func reportPath(_ typed: String, locations: StorageLocations) throws -> String {
        if typed == "-" { return typed }
        switch SessionReport.problem(writingTo: typed, sparing: [locations.historyFile, locations.settingsFile]) {
        case nil:
            return typed
        case .noPath:
            throw UsageError("--json-report needs a file's path, as in '--json-report session.json'")
        case .folder:
            let folder = typed.hasSuffix("/") ? String(typed.dropLast()) : typed
            throw UsageError("--json-report \(UserText.quoted(typed)) names a folder; name a file, as in '\(folder)/session.json'")
        case .linkLoop:
            throw UsageError("--json-report \(UserText.quoted(typed)) is a link that leads back to itself")
        case let .noFolder(folder):
            throw UsageError("--json-report \(UserText.quoted(typed)): there is no folder \(UserText.quoted(folder)); make it first, or name a file in a folder that exists")
        case let .notAFolder(file):
            throw UsageError("--json-report \(UserText.quoted(typed)): \(UserText.quoted(file)) is a file, not a folder; name a file in a folder")
        case let .notWritable(place):
            throw UsageError("--json-report \(UserText.quoted(typed)): you may not write to \(UserText.quoted(place)); name a file where you can")
        case .nameTooLong:
            throw UsageError("--json-report \(UserText.quoted(typed)): the name is too long for the system; name a shorter one")
        case .socket:
            throw UsageError("--json-report \(UserText.quoted(typed)) is a socket; name a file")
        case .keptFile:
            throw UsageError("--json-report \(UserText.quoted(typed)) is where kazu keeps its history or settings, which a report would replace; name another file")
        }
    }

    /// The client under `--no-audio`: nothing is spoken, but `:s voices` lists the installed
    /// voices, so that one can be chosen for later sessions (the silent client knows only
    /// `ja`, and so refused the others). espeak-ng is loaded only if they are asked for; when
    /// it cannot list them, the silent client's list stands.
    static func silentListingVoices() -> SpeechClient {
        var client = SpeechClient.silent
        let silentVoices = client.voices
        client.voices = {
            if let installed = try? await SpeechClient.espeak(player: "none").voices() { return installed }
            return try await silentVoices()
        }
        return client
    }

    /// `KAZU_PLAYER=none` is silence by choice, as `--no-audio` is: the live client then plays
    /// nothing and reports nothing, so the kana is shown from the first question.
    static func soundIsOffByChoice(_ environment: [String: String]) -> Bool {
        AudioOutput.isSilenceChosen(player: nil, environment: environment)
    }

    /// What kazu keeps between sessions, as this process finds it.
    struct Remembered {
        /// Where the settings and the history are kept.
        let locations: StorageLocations
        let settingsClient: SettingsClient
        let history: HistoryClient
        /// The settings, and what was wrong with their file.
        let loaded: SettingsLoad
        /// What there is to review, in the order it is asked: the due values first.
        let review: [ReviewEntry]
        /// The weak-spots topic, once the history has enough.
        let weakSpots: Topic?
        /// How many of the values to review SM-2 has due by the end of today.
        var dueToday: Int { review.count(where: \.isDue) }
    }

    /// The settings and history clients for this process, the settings (a problem with the
    /// file said once), and what there is to review.
    static func loadRemembered(io: TerminalIO) throws -> Remembered {
        let locations = try storageLocations()
        let settingsClient = SettingsClient.live(locations)
        let history = HistoryClient.live(locations)
        let loaded = settingsClient.load()
        if let problem = loaded.problem { io.errors.writeLine("warning: \(problem)") }
        // One reading of the history for both: what to review and what the learner misses.
        var statistics = HistoryStatistics(now: Date())
        var model = LearnerModel()
        var schedule = ReviewSchedule()
        let read = (try? history.scan { statistics.add($0); model.add($0); schedule.add($0) }) != nil
        return Remembered(locations: locations, settingsClient: settingsClient, history: history, loaded: loaded,
                          review: read ? schedule.review(statistics.review, by: StatsCommand.endOfToday()) : [],
                          weakSpots: read ? WeakSpots.topic(for: model) : nil)
    }

    /// Plays a session to its end, on the main actor where its store lives, and returns its
    /// status once it has ended: saved, and every effect it started over.
    @MainActor
    static func play(_ configuration: QuizSession.Configuration, settings: KazuSettings, reviewEntries review: [ReviewEntry],
                     io: TerminalIO) async -> ExitCode {
        io.flush()
        return await QuizSession(configuration, settings: settings, reviewEntries: review, io: io).run()
    }
}
