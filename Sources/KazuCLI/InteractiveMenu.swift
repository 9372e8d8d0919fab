#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Composable
import KazuKit
import SpeechClient
import SpeechEspeak

/// `kazu` alone at a terminal: a numbered menu of topics (favorites and recent first, then
/// the review topic when the history has misses), the session's choices with the saved ones
/// as defaults (Enter accepts each), the topic's notes, then play.
enum InteractiveMenu {
    @MainActor @Sendable
    static func run(io: TerminalIO) async -> ExitCode {
        do {
            let remembered = try QuizCommand.loadRemembered(io: io)
            let (loaded, review) = (remembered.loaded, remembered.review)
            let sections = Topics.State(favorites: loaded.settings.favorites, recent: loaded.settings.recentTopics,
                                        hasReview: !review.isEmpty, weakSpots: remembered.weakSpots).sections
            var numbered: [Topic] = []
            io.output.writeLine("Kazu (数): hear a number, type it. Pick a topic by number or id (Ctrl-D to leave).")
            if remembered.dueToday > 0 {
                io.output.writeLine("\(remembered.dueToday) value\(remembered.dueToday == 1 ? "" : "s") due for review today ('review' asks them first)")
            } else if !review.isEmpty {
                io.output.writeLine("nothing due for review today ('review' reviews ahead: the values due soonest)")
            }
            for section in sections {
                io.output.writeLine(section.title)
                for topic in section.topics {
                    numbered.append(topic)
                    io.output.writeLine("  \(numbered.count). \(topic.title) — \(topic.id)")
                }
            }
            guard let topic = ask("topic", io: io, parse: { text -> Result<Topic, StorageError> in
                if let number = Int(text), (1...numbered.count).contains(number) { return .success(numbered[number - 1]) }
                return Topics.resolve(text, hasReview: !review.isEmpty, weakSpots: remembered.weakSpots)
            }) else { return .success }
            // What the learner types is PreSettings' to take or refuse, with its reason.
            let choices = Store(initialState: PreSettings.State(topic: topic, settings: loaded.settings)) { PreSettings() }
            guard ask("skill (\(topic.skills.map(\.rawValue).joined(separator: ", ")))", default: choices.skill.rawValue,
                      io: io, into: choices, as: PreSettings.Action.skillTyped),
                  ask("mode (10 questions, 60 seconds, infinite)", default: modeText(choices.mode),
                      io: io, into: choices, as: PreSettings.Action.modeTyped)
            else { return .success }
            let (skill, mode) = (choices.skill, choices.mode)
            let environment = ProcessInfo.processInfo.environment
            let configuration = QuizSession.Configuration(
                topic: topic, skill: skill, script: nil, mode: mode, seed: nil,
                speech: .espeak(readiness: skill == .listening ? .readyNow : .keepsPlayerReady),
                subtitles: QuizCommand.soundIsOffByChoice(environment), audible: !QuizCommand.soundIsOffByChoice(environment),
                voice: nil, rate: nil, pitch: nil, reportPath: nil, settingsClient: remembered.settingsClient, history: remembered.history,
                colours: TextStyle.wanted(isTerminal: true, environment: environment),
                remembersChoices: true)
            return await QuizCommand.play(configuration, settings: loaded.settings, reviewEntries: review, io: io)
        } catch {
            io.errors.writeLine("error: \(error)")
            return .failure
        }
    }

    /// Asks until the answer parses; Enter takes the default; nil at the end of input.
    static func ask<Value>(_ what: String, default defaultText: String? = nil, io: TerminalIO,
                           parse: (String) -> Result<Value, StorageError>) -> Value? {
        while true {
            io.output.write("\(what)\(defaultText.map { " [\($0)]" } ?? ""): ")
            io.output.flush()
            guard let line = io.input.next() else { return nil }
            let text = UserText.trimmed(line)
            switch parse(text.isEmpty ? (defaultText ?? "") : text) {
            case let .success(value): return value
            case let .failure(problem): io.output.writeLine("? \(problem.message)")
            }
        }
    }

    static func modeText(_ mode: QuizMode) -> String {
        switch mode {
        case .infinite: "infinite"
        case let .questionLimit(count): "\(count) questions"
        case let .timeLimit(seconds): "\(seconds) seconds"
        }
    }

    /// Asks until PreSettings takes the answer, saying why it refused each one; Enter takes
    /// the default; false at the end of input.
    @MainActor
    static func ask(_ what: String, default defaultText: String, io: TerminalIO,
                    into choices: Store<PreSettings.State, PreSettings.Action>, as action: (String) -> PreSettings.Action) -> Bool {
        while true {
            io.output.write("\(what) [\(defaultText)]: ")
            io.output.flush()
            guard let line = io.input.next() else { return false }
            let text = UserText.trimmed(line)
            choices.send(action(text.isEmpty ? defaultText : text))
            guard let problem = choices.problem else { return true }
            io.output.writeLine("? \(problem)")
        }
    }
}
