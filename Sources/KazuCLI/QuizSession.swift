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
import Locking
import SpeechClient

/// One `kazu quiz` run: the engine's store on the main actor, standard input read on a
/// thread of its own and turned into actions, the screen printed from the state, and the
/// session ended (saved once, summary printed) on `:q`, end of input, Ctrl-C, Ctrl-\, SIGTERM
/// or SIGHUP, or when the engine ends it.
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
        var rate: RateChoice?
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
    /// The first ending asked for (a signal, a closed pipe, time running out): the reading
    /// loop ends the session with it; later ones change nothing.
    private var requestedEnding: (status: ExitCode, ending: SessionRecord.Ending?)?
    private var finishing: Bool { requestedEnding != nil }
    /// Wakes the reading loop when an ending is asked for while it waits for a line.
    private var wake: AsyncStream<InputEvent>.Continuation?
    /// The work of the actions the session sent that has not ended yet: the session ends
    /// once all of it has, the history's save among it.
    private var work: Set<StoreTask> = []
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
        var initial = Navigation.State(settings: settings, reviewEntries: reviewEntries,
                                       weakSpots: configuration.topic.id == WeakSpots.topicID ? configuration.topic : nil)
        initial.nextSeed = configuration.seed
        initial.remembersChoices = configuration.remembersChoices
        // Answers read from subtitles say nothing of the learner's ear: the rate moves only when heard.
        if case let .auto(bounds) = configuration.rate, configuration.audible {
            initial.autoRate = bounds ?? AutoRate.defaultBounds(startingAt: settings.speech.rate)
        }
        store = Store(initialState: initial) {
            Navigation()
        } withDependencies: {
            $0.speech = configuration.speech
            $0.settingsClient = configuration.settingsClient
            $0.history = configuration.history
        }
    }

    /// Plays the session to its end and returns the exit status, once the session is saved
    /// and every effect it started has ended. The one way a session ends: a signal, a closed
    /// pipe or time running out asks for the ending, and the reading loop comes to it.
    func run() async -> ExitCode {
        signals = CaughtSignals.install { [weak self] number in
            self?.requestEnd(status: ExitCode(128 + number), ending: .stopped)
        }
        // Output read by a program that stopped reading (`kazu quiz ... | head`): the session
        // ends as on SIGPIPE, saved, with the status a shell gives a process SIGPIPE ended.
        io.output.onBrokenPipe = { [weak self] in
            Task { @MainActor in self?.requestEnd(status: ExitCode(128 + SIGPIPE), ending: .stopped) }
        }
        let (events, continuation, room) = Self.readLines(from: io.input)
        wake = continuation
        startSession()
        guard let quiz = store.state.quiz else {
            io.errors.writeLine("error: \(store.state.topics.problem ?? store.state.preSettings?.problem ?? "the session did not start")")
            await workEnded()
            return .usage
        }
        for line in QuizScreen.header(quiz, style: style) { io.output.writeLine(line) }
        if case .auto = configuration.rate, !configuration.audible {
            io.output.writeLine("note: --rate auto changes nothing here: questions are not heard (--no-audio or KAZU_PLAYER=none)")
        }
        observation = store.observe { [weak self] state in self?.render(state) }
        for await event in events {
            if case .line = event { room.lineTaken() }
            if finishing { break }
            switch event {
            case .endRequested:
                continue
            case .line(nil):
                io.output.writeLine("? that line is over \(Self.longestLine) bytes, too long for an answer; type the answer and Enter")
                io.output.flush()
                continue
            case let .line(line?):
                await handle(line)
            }
            if store.withState({ $0.quiz == nil }) { break }
        }
        // A signal that came with the end of input (a terminal closing, Ctrl-C then Ctrl-D)
        // ends the session as that signal, though the main queue has not come to it yet.
        if let number = signals?.takePending() { requestEnd(status: ExitCode(128 + number), ending: .stopped) }
        // Otherwise end of input, :q, or the engine ended the session (time's up, question limit).
        requestEnd(status: .success, ending: nil)
        let (status, ending) = requestedEnding!
        return await finish(status: status, ending: ending)
    }

    /// Sends `action` and keeps its work until that has ended.
    @discardableResult
    private func send(_ action: Navigation.Action) -> StoreTask {
        let task = store.send(action)
        // A send that started no work is counted as cancelled.
        if !task.isCancelled, work.insert(task).inserted {
            Task { [weak self] in
                await task.finish()
                self?.work.remove(task)
            }
        }
        return task
    }

    /// Waits until the work of every action the session sent has ended.
    private func workEnded() async {
        while let task = work.first {
            await task.finish()
            work.remove(task)
        }
    }

    // MARK: Starting

    private func startSession() {
        let topicID = configuration.topic.id
        send(.topics(.topicPicked(topicID)))
        if let skill = configuration.skill { send(.destination(.presented(.preSettings(.skillPicked(skill))))) }
        if let script = configuration.script { send(.destination(.presented(.preSettings(.scriptPicked(script))))) }
        switch configuration.mode {
        case .infinite?: send(.destination(.presented(.preSettings(.infinitePicked))))
        case let .questionLimit(count)?: send(.destination(.presented(.preSettings(.questionLimitEntered(String(count))))))
        case let .timeLimit(seconds)?: send(.destination(.presented(.preSettings(.timeLimitEntered(String(seconds))))))
        case nil: break
        }
        if let voice = configuration.voice { send(.destination(.presented(.preSettings(.speech(.voicePicked(voice)))))) }
        if case let .fixed(rate) = configuration.rate { send(.destination(.presented(.preSettings(.speech(.rateChanged(rate)))))) }
        if let pitch = configuration.pitch { send(.destination(.presented(.preSettings(.speech(.pitchChanged(pitch)))))) }
        if store.state.preSettings?.problem == nil {
            send(.destination(.presented(.preSettings(.startTapped))))
        }
    }

    // MARK: Input

    /// No answer is this long: a longer line is cut as it is read, so that memory stays
    /// bounded whatever arrives on standard input (a 10 MB line, a binary file).
    static let longestLine = 1_024

    /// What the reading loop takes, in order: a line read (nil for one too long), or word
    /// that an ending was asked for.
    private enum InputEvent: Sendable {
        case line(String?)
        case endRequested
    }

    /// Standard input, read on its own thread so that a slow sound server or a long
    /// synthesis never delays reading, and the store's thread never blocks on a read.
    /// It reads at most `readAhead` lines before the session takes them, so that a script
    /// piping a whole session (or `yes`) does not fill memory; the session hands back room a
    /// batch at a time, so the reader wakes once per batch, not once per line.
    private static func readLines(from reader: LineReader)
        -> (events: AsyncStream<InputEvent>, continuation: AsyncStream<InputEvent>.Continuation, room: ReadAheadRoom) {
        let (stream, continuation) = AsyncStream.makeStream(of: InputEvent.self)
        reader.longestLine = longestLine
        let box = ReaderBox(reader)
        let room = ReadAheadRoom()
        startDetachedThread {
            for line in box.reader {
                room.waitForRoom()
                // nil stands for a line that was too long.
                continuation.yield(.line(box.reader.lastLineWasCut ? nil : line))
            }
            continuation.finish()
        }
        return (stream, continuation, room)
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
            send(.destination(.presented(.quiz(.answerSubmitted(line)))))
            return
        }
        switch command {
        case "", ":r":
            send(.destination(.presented(.quiz(.replayTapped))))
            // What cannot be heard is shown again: the subtitle, or a question that is not spoken.
            if subtitles || store.state.quiz?.isSpoken == false { shownQuestion = nil }
        case ":a":
            send(.destination(.presented(.quiz(.showAnswerTapped))))
            showFeedback()
        case ":q":
            send(.destination(.presented(.quiz(.endTapped))))
        case ":h":
            for helpLine in QuizScreen.help { io.output.writeLine(helpLine) }
            io.output.flush()
        case ":s":
            send(.destination(.presented(.quiz(.settingsTapped))))
            // The voices are listed before the next line is read: a voice named at once (piped)
            // is checked against them, not taken unchecked and saved.
            await send(.destination(.presented(.quiz(.settings(.presented(.speech(.voicesRequested))))))).finish()
            inSettings = true
            let now = store.withState { $0.quiz.map(QuizScreen.speechNow) } ?? ""
            io.output.writeLine("settings (time stands still): rate N (80-350), pitch N (0-100), voice V, voices, test; Enter to go back; \(now)")
            io.output.flush()
        default:
            if command.hasPrefix(":") && command.count > 1 && !command.dropFirst().first!.isNumber {
                io.output.writeLine("unknown command \(UserText.shown(command)); :h lists them")
                io.output.flush()
            } else {
                let wasAnswerShown = store.withState { $0.quiz?.isAnswerShown ?? false }
                send(.destination(.presented(.quiz(.answerSubmitted(line)))))
                if !wasAnswerShown { showFeedback() }

            }
        }
    }

    private func handleSettings(_ line: String) {
        let words = line.split(separator: " ").map(String.init)
        let speech = { (action: SpeechSettings.Action) -> Void in
            _ = self.send(.destination(.presented(.quiz(.settings(.presented(.speech(action)))))))
        }
        let parameters = store.state.quiz?.settings?.speech.parameters ?? .standard
        switch (words.first, words.count) {
        case (nil, _), ("done", 1), (":s", 1), (":q", 1):
            // Said, for a learner who typed :q to end the session: here it only closes settings.
            if words.first == ":q" { io.output.writeLine("settings closed; :q again ends the session") }
            // The question is asked again below what the settings printed.
            shownQuestion = nil
            send(.destination(.presented(.quiz(.settings(.presented(.doneTapped))))))
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
            requestEnd(status: .success, ending: .timeUp)
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

    /// Asks for the session to end, unless an ending was asked for already: the reading loop
    /// ends it, at once when it is waiting for a line.
    private func requestEnd(status: ExitCode, ending: SessionRecord.Ending?) {
        guard requestedEnding == nil else { return }
        requestedEnding = (status, ending)
        wake?.yield(.endRequested)
    }

    /// Whether `path` names the regular file `descriptor` has open (standard output sent to a
    /// file, named as /dev/fd/1, /proc/self/fd/2 or the file's own path): a report written
    /// there through a descriptor of its own would be written over by the lines that follow.
    static func names(_ path: String, sameFileAs descriptor: Int32) -> Bool {
        var named = stat(), open = stat()
        guard stat(path, &named) == 0, fstat(descriptor, &open) == 0 else { return false }
        return open.st_mode & S_IFMT == S_IFREG && named.st_dev == open.st_dev && named.st_ino == open.st_ino
    }

    /// Ends the session if it is still going, waits for it to be saved and for every effect
    /// the session started to end, prints the summary and writes the report; returns the exit
    /// status. Run once, by `run`.
    private func finish(status: ExitCode, ending: SessionRecord.Ending?) async -> ExitCode {
        let timeRanOut = ending == .timeUp
        if store.state.quiz != nil { send(.destination(.presented(.quiz(.endTapped)))) }
        // The save may belong to any send: the last answer's, or the one that started the timer.
        await workEnded()
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
                // Nothing is lost: the lines that were not appended, as the history keeps them (a
                // long session in parts it joins), to append by hand later.
                let lines = (try? HistoryClient.encodedLine(unsaved)) ?? HistoryLine.encode(unsaved) + [0x0A]
                let count = lines.count(where: { $0 == 0x0A })
                io.errors.writeLine("error: \(store.state.problem ?? "history not saved"); the session follows on standard error as "
                    + (count == 1 ? "one history line" : "\(count) history lines, to append in this order"))
                io.errors.write(String(decoding: lines, as: UTF8.self))
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

