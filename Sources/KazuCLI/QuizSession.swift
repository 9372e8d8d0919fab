import Composable
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

/// One `kazu quiz` run: the engine's store on the main actor, standard input read on a
/// thread of its own and turned into actions, the screen printed from the state, and the
/// session ended (saved once, summary printed) on `:q`, end of input, Ctrl-C, SIGTERM or
/// SIGHUP, or when the engine ends it.
@MainActor
final class QuizSession {
    struct Configuration {
        var topic: Topic
        var skill: Skill?
        var script: ReadingScript?
        var mode: QuizMode?
        var seed: UInt64?
        var speech: SpeechClient
        var subtitles: Bool
        /// Whether questions are heard: not under `--no-audio` or `KAZU_PLAYER=none`.
        var audible = true
        var voice: String?
        var rate: Int?
        var pitch: Int?
        var reportPath: String?
        var settingsClient: SettingsClient
        var history: HistoryClient
        var colours: Bool
        /// The menu's choices become the saved settings; `kazu quiz`'s flags hold for one session.
        var remembersChoices: Bool
    }

    private let configuration: Configuration
    private let io: TerminalIO
    private let store: Store<Navigation.State, Navigation.Action>
    private let style: TextStyle
    private var subtitles: Bool
    /// Questions are heard: false when sound is off, or once playback has failed.
    private var audible: Bool
    private var shownQuestion: (number: Int, key: String)?
    private var inSettings = false
    /// The settings problem last printed, so that one is said once.
    private var shownSettingsProblem: String?
    private var audioProblemShown = false
    /// The one ending's work (save, summary, report), however many endings come: each waits
    /// for it and takes the first one's status.
    private var ending: Task<ExitCode, Never>?
    private var finishing: Bool { ending != nil }
    private var observation: ObservationToken?
    private var signals: CaughtSignals?
    private let initialSettings: KazuSettings

    init(_ configuration: Configuration, settings: KazuSettings, reviewEntries: [ReviewEntry], io: TerminalIO) {
        self.configuration = configuration
        self.io = io
        self.style = TextStyle(colours: configuration.colours)
        self.subtitles = configuration.subtitles
        self.audible = configuration.audible
        self.initialSettings = settings
        var initial = Navigation.State(settings: settings, reviewEntries: reviewEntries)
        initial.nextSeed = configuration.seed
        initial.remembersChoices = configuration.remembersChoices
        store = Store(initialState: initial) {
            Navigation()
        } withDependencies: {
            $0.speech = configuration.speech
            $0.settingsClient = configuration.settingsClient
            $0.history = configuration.history
        }
    }

    /// Plays the session to its end and returns the exit status.
    func run() async -> ExitCode {
        signals = CaughtSignals.install { [weak self] number in
            self?.endAndExit(status: ExitCode(128 + number), ending: .stopped)
        }
        // Output read by a program that stopped reading (`kazu quiz ... | head`): the session
        // ends as on SIGPIPE, saved, with the status a shell gives a process SIGPIPE ended.
        io.output.onBrokenPipe = { [weak self] in
            Task { @MainActor in self?.endAndExit(status: ExitCode(128 + SIGPIPE), ending: .stopped) }
        }
        let (lines, room) = Self.readLines(from: io.input)
        startSession()
        guard let quiz = store.state.quiz else {
            io.errors.writeLine("error: \(store.state.topics.problem ?? store.state.preSettings?.problem ?? "the session did not start")")
            return .usage
        }
        for line in QuizScreen.header(quiz, style: style) { io.output.writeLine(line) }
        observation = store.observe { [weak self] state in self?.render(state) }
        for await line in lines {
            room.lineTaken()
            if finishing { break }
            guard let line else {
                io.output.writeLine("? that line is over \(Self.longestLine) bytes, too long for an answer; type the answer and Enter")
                io.output.flush()
                continue
            }
            await handle(line)
            if store.withState({ $0.quiz == nil }) { break }
        }
        // A signal that came with the end of input (a terminal closing, Ctrl-C then Ctrl-D)
        // ends the session as that signal, though the main queue has not come to it yet.
        if let number = signals?.takePending() { return await end(status: ExitCode(128 + number), ending: .stopped).value }
        // End of input, :q, or the engine ended the session (time's up, question limit).
        return await end(status: .success, ending: nil).value
    }

    // MARK: Starting

    private func startSession() {
        let topicID = configuration.topic.id
        store.send(.topics(.topicPicked(topicID)))
        if let skill = configuration.skill { store.send(.preSettings(.presented(.skillPicked(skill)))) }
        if let script = configuration.script { store.send(.preSettings(.presented(.scriptPicked(script)))) }
        switch configuration.mode {
        case .infinite?: store.send(.preSettings(.presented(.infinitePicked)))
        case let .questionLimit(count)?: store.send(.preSettings(.presented(.questionLimitEntered(String(count)))))
        case let .timeLimit(seconds)?: store.send(.preSettings(.presented(.timeLimitEntered(String(seconds)))))
        case nil: break
        }
        if let voice = configuration.voice { store.send(.preSettings(.presented(.speech(.voicePicked(voice))))) }
        if let rate = configuration.rate { store.send(.preSettings(.presented(.speech(.rateChanged(rate))))) }
        if let pitch = configuration.pitch { store.send(.preSettings(.presented(.speech(.pitchChanged(pitch))))) }
        if store.state.preSettings?.problem == nil {
            store.send(.preSettings(.presented(.startTapped)))
        }
    }

    // MARK: Input

    /// No answer is this long: a longer line is cut as it is read, so that memory stays
    /// bounded whatever arrives on standard input (a 10 MB line, a binary file).
    static let longestLine = 1_024

    /// Standard input, read on its own thread so that a slow sound server or a long
    /// synthesis never delays reading, and the store's thread never blocks on a read.
    /// It reads at most `readAhead` lines before the session takes them, so that a script
    /// piping a whole session (or `yes`) does not fill memory; the session hands back room a
    /// batch at a time, so the reader wakes once per batch, not once per line.
    private static func readLines(from reader: LineReader) -> (lines: AsyncStream<String?>, room: ReadAheadRoom) {
        let (stream, continuation) = AsyncStream.makeStream(of: String?.self)
        reader.longestLine = longestLine
        let box = ReaderBox(reader)
        let room = ReadAheadRoom()
        startDetachedThread {
            for line in box.reader {
                room.waitForRoom()
                // nil stands for a line that was too long.
                continuation.yield(box.reader.lastLineWasCut ? nil : line)
            }
            continuation.finish()
        }
        return (stream, room)
    }

    private func handle(_ line: String) async {
        // What a line changes is printed after its feedback, in that order.
        holdRendering = true
        defer {
            holdRendering = false
            // A line that ended the session is finished by the reading loop, not here. The
            // state is read in place: these reads come on every line (see `Store.withState`).
            store.withState { state in if state.quiz != nil { render(state) } }
        }
        if inSettings {
            handleSettings(line)
            return
        }
        let command = UserText.trimmed(line)
        if store.withState({ $0.quiz?.isAnswerShown == true }), !command.hasPrefix(":") {
            // After the answer was shown, Enter (or any line) moves on.
            store.send(.quiz(.presented(.answerSubmitted(line))))
            return
        }
        switch command {
        case "", ":r":
            store.send(.quiz(.presented(.replayTapped)))
            // What cannot be heard is shown again: the subtitle, or a question that is not spoken.
            if subtitles || store.state.quiz?.isSpoken == false { shownQuestion = nil }
        case ":a":
            store.send(.quiz(.presented(.showAnswerTapped)))
            showFeedback()
        case ":q":
            store.send(.quiz(.presented(.endTapped)))
        case ":h":
            for helpLine in QuizScreen.help { io.output.writeLine(helpLine) }
            io.output.flush()
        case ":s":
            store.send(.quiz(.presented(.settingsTapped)))
            // The voices are listed before the next line is read: a voice named at once (piped)
            // is checked against them, not taken unchecked and saved.
            await store.send(.quiz(.presented(.settings(.presented(.speech(.voicesRequested)))))).finish()
            inSettings = true
            io.output.writeLine("settings (time stands still): rate N (80-350), pitch N (0-100), voice V, voices, test; Enter to go back")
            io.output.flush()
        default:
            if command.hasPrefix(":") && command.count > 1 && !command.dropFirst().first!.isNumber {
                io.output.writeLine("unknown command \(UserText.shown(command)); :h lists them")
                io.output.flush()
            } else {
                let wasAnswerShown = store.withState { $0.quiz?.isAnswerShown ?? false }
                store.send(.quiz(.presented(.answerSubmitted(line))))
                if !wasAnswerShown { showFeedback() }

            }
        }
    }

    private func handleSettings(_ line: String) {
        let words = line.split(separator: " ").map(String.init)
        let speech = { (action: SpeechSettings.Action) in
            _ = self.store.send(.quiz(.presented(.settings(.presented(.speech(action))))))
        }
        let parameters = store.state.quiz?.settings?.speech.parameters ?? .standard
        switch (words.first, words.count) {
        case (nil, _), ("done", 1), (":s", 1), (":q", 1):
            // Said, for a learner who typed :q to end the session: here it only closes settings.
            if words.first == ":q" { io.output.writeLine("settings closed; :q again ends the session") }
            // The question is asked again below what the settings printed.
            shownQuestion = nil
            store.send(.quiz(.presented(.settings(.presented(.doneTapped)))))
            inSettings = false
            shownSettingsProblem = nil
            io.output.flush()
            return
        // Out of range is said, not quietly made the nearest value.
        case ("rate", 2) where Int(words[1]).map(parameters.rate.bounds.contains) == true: speech(.rateChanged(Int(words[1])!))
        case ("pitch", 2) where Int(words[1]).map(parameters.pitch.bounds.contains) == true: speech(.pitchChanged(Int(words[1])!))
        case ("rate", 2) where Int(words[1]) != nil:
            io.output.writeLine("? rate goes from \(parameters.rate.bounds.lowerBound) to \(parameters.rate.bounds.upperBound)")
        case ("pitch", 2) where Int(words[1]) != nil:
            io.output.writeLine("? pitch goes from \(parameters.pitch.bounds.lowerBound) to \(parameters.pitch.bounds.upperBound)")
        case ("voice", 2): speech(.voicePicked(words[1]))
        case ("voices", 1):
            for voice in store.state.quiz?.settings?.speech.voices ?? [] { io.output.writeLine("  \(voice.id)  \(voice.name)") }
        case ("test", 1): speech(.testVoiceTapped)
        default:
            io.output.writeLine("settings take: rate N, pitch N, voice V, voices, test; Enter to go back")
        }
        if let settings = store.state.quiz?.settings?.speech {
            // A problem is said once, not again after every later command while it stays.
            if let problem = settings.problem, problem != shownSettingsProblem { io.output.writeLine("? \(problem)") }
            shownSettingsProblem = settings.problem
            // The voice by its id, as `voice V` takes it and `voices` lists it first: known from
            // the start, where its name comes only once the voices have been listed.
            io.output.writeLine("voice \(settings.preferences.voice), rate \(settings.preferences.rate), pitch \(settings.preferences.pitch)")
        }
        io.output.flush()
    }

    // MARK: Output

    /// After a try: what it said, from the state it left. The last answer of a session ends
    /// it, so its feedback comes from the summary's record.
    private func showFeedback() {
        store.withState { state in
            if let quiz = state.quiz, let text = QuizScreen.feedback(quiz, audible: audible, style: style) {
                io.output.writeLine(text)
                // After a wrong try the question is asked again.
                if case .incorrect? = quiz.feedback { shownQuestion = nil }
            } else if let last = state.path.last?.record.questions.last, last.submissions.last?.verdict == .correct {
                io.output.writeLine(QuizScreen.correct(last, skill: state.path.last?.record.skill, style: style))
            }
        }
        io.output.flush()
    }

    /// Prints what the state shows that was not shown yet: the next question, an audio problem (once).
    private var holdRendering = false

    private func render(_ state: Navigation.State) {
        if state.quiz == nil, shownQuestion != nil, !finishing, !holdRendering {
            // The engine ended the session by itself (time ran out) while no line was typed.
            endAndExit(status: .success, ending: .timeUp)
            return
        }
        guard !holdRendering, let quiz = state.quiz, !quiz.isOver else { return }
        if let error = quiz.playbackError, !audioProblemShown {
            audioProblemShown = true
            subtitles = true
            audible = false
            io.errors.writeLine("no audio output: \(error); playing with subtitles")
            io.errors.flush()
            // The question that was not heard is shown again, now with its subtitle.
            shownQuestion = nil
        }
        if shownQuestion.map({ $0.number != quiz.questionNumber || $0.key != quiz.question.valueKey }) ?? true {
            shownQuestion = (quiz.questionNumber, quiz.question.valueKey)
            io.output.writeLine(QuizScreen.question(quiz, subtitles: subtitles, style: style))
        }
        io.output.flush()
    }

    // MARK: Ending

    /// Ends the process however the session ended (its last answer, time, a signal, a closed
    /// pipe), once it is saved: the output flushed, and, as for every other command, output
    /// that could not be written (other than to a closed pipe) said once and in the status.
    /// `_exit`, not `exit`: cancelled effects may still be starting on other threads, and
    /// `exit` would tear the runtime down under them (a crash seen in release builds).
    static func exit(_ status: ExitCode, io: TerminalIO) -> Never {
        io.flush()
        var status = status
        if let reason = io.output.writeFailureDescription {
            io.errors.writeLine("error: cannot write standard output: \(reason)")
            io.flush()
            if status == .success { status = .failure }
        }
        _exit(status.rawValue)
    }

    /// Ends the session, or joins the ending under way, and exits once it is saved.
    private func endAndExit(status: ExitCode, ending: SessionRecord.Ending?) {
        let saved = end(status: status, ending: ending)
        Task { @MainActor in QuizSession.exit(await saved.value, io: self.io) }
    }

    /// Ends the session once: the first ending (the last answer, end of input, time, a signal,
    /// a closed pipe) starts the save, at once, and every ending, that one and any that come
    /// while it runs, gets that one save to wait for, and the first one's status. None can
    /// exit the process before the session is saved.
    private func end(status: ExitCode, ending: SessionRecord.Ending?) -> Task<ExitCode, Never> {
        if let running = self.ending { return running }
        let running = Task { @MainActor in await self.finish(status: status, ending: ending) }
        self.ending = running
        return running
    }

    /// Whether `path` names the regular file `descriptor` has open (standard output sent to a
    /// file, named as /dev/fd/1, /proc/self/fd/2 or the file's own path): a report written
    /// there through a descriptor of its own would be written over by the lines that follow.
    static func names(_ path: String, sameFileAs descriptor: Int32) -> Bool {
        var named = stat(), open = stat()
        guard stat(path, &named) == 0, fstat(descriptor, &open) == 0 else { return false }
        return open.st_mode & S_IFMT == S_IFREG && named.st_dev == open.st_dev && named.st_ino == open.st_ino
    }

    /// Ends the session if it is still going, waits for it to be saved, prints the summary
    /// and writes the report; returns the exit status. Run once, by `end`.
    private func finish(status: ExitCode, ending: SessionRecord.Ending?) async -> ExitCode {
        let timeRanOut = ending == .timeUp
        if store.state.quiz != nil {
            await store.send(.quiz(.presented(.endTapped))).finish()
        }
        while store.state.isSavingSession {
            try? await Task.sleep(for: .milliseconds(5))
        }
        var code = status
        if timeRanOut && store.state.path.isEmpty { io.output.writeLine(style.bold("time's up")) }
        if let summary = store.state.path.last {
            QuizScreen.summary(summary, ending: summary.record.ending, inHistory: store.state.unsavedSession == nil, style: style) {
                io.output.writeLine($0)
            }
            if let path = configuration.reportPath {
                do {
                    if path == "-" || path == "/dev/stdout" || Self.names(path, sameFileAs: STDOUT_FILENO) {
                        // Through the session's own output, after its lines: another descriptor
                        // on a file the shell opened would write over them, or they over it.
                        io.output.writeLine(try SessionReport.json(summary.record))
                    } else if Self.names(path, sameFileAs: STDERR_FILENO) {
                        // Standard error likewise (/dev/stderr, or /dev/fd/1 with 2>&1): the error
                        // lines that may follow would otherwise be written over the report.
                        io.output.flush()
                        io.errors.writeLine(try SessionReport.json(summary.record))
                    } else {
                        // Lines still in the buffer would land after the report, or, through
                        // a link to standard output, over it.
                        io.output.flush()
                        try SessionReport.write(summary.record, to: path)
                    }
                } catch {
                    io.errors.writeLine("error: \(error)")
                    code = .failure
                }
            }
            if let unsaved = store.state.unsavedSession {
                // Nothing is lost: the line that was not appended, to append by hand later.
                io.errors.writeLine("error: \(store.state.problem ?? "history not saved"); the session follows on standard error as one history line")
                io.errors.writeLine(String(decoding: HistoryLine.encode(unsaved), as: UTF8.self))
                code = .failure
            }
        } else if let path = configuration.reportPath {
            // Said, not left for a script to find missing: a session ended before any answer
            // has no summary to report.
            io.errors.writeLine("note: nothing was answered, so no report was written (--json-report \(UserText.quoted(path)))")
        }
        if store.state.unsavedSession == nil, let problem = store.state.problem {
            io.errors.writeLine("warning: \(problem)")
        }
        // Settings changed in the last quarter second are saved now rather than lost.
        if store.state.settings != initialSettings {
            do { try configuration.settingsClient.save(store.state.settings) } catch {
                io.errors.writeLine("warning: \(error)")
            }
        }
        io.flush()
        return code
    }
}

/// How many more lines the reading thread may read before the session takes some.
private final class ReadAheadRoom: @unchecked Sendable {
    static let readAhead = 256
    static let batch = 64
    // Made at 0 and raised: libdispatch traps when a semaphore is freed below the value it
    // was made with, and this one may be freed with lines still unread.
    private let permits = DispatchSemaphore(value: 0)
    /// Touched by the session's thread only.
    private var taken = 0

    init() {
        for _ in 0..<Self.readAhead { permits.signal() }
    }

    /// On the reading thread: waits while `readAhead` lines are waiting to be taken.
    func waitForRoom() { permits.wait() }

    /// On the session's thread: one line taken; room for `batch` more once `batch` were.
    func lineTaken() {
        taken += 1
        guard taken == Self.batch else { return }
        taken = 0
        for _ in 0..<Self.batch { permits.signal() }
    }
}

/// Hands the line reader to the reading thread, which alone uses it from then on.
private final class ReaderBox: @unchecked Sendable {
    let reader: LineReader
    init(_ reader: LineReader) { self.reader = reader }
}

