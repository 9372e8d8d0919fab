import KazuKit

/// What `kazu quiz` prints, as pure functions of the engine's state: the view of the
/// terminal front. Lines are plain and stable when piped; `style` adds colour on a terminal.
///
/// ```swift
/// let style = TextStyle(colours: false)
/// QuizScreen.question(quiz, subtitles: false, style: style)   // "[1/10] 三百二十一  > ___"
/// ```
enum QuizScreen {
    /// The first lines of a session: what is drilled, how, and the topic's notes.
    static func header(_ quiz: Quiz.State, style: TextStyle) -> [String] {
        var lines = ["\(style.bold(quiz.topic.title)) (\(quiz.topic.id)) · \(quiz.skill.rawValue) · \(length(quiz)) · seed \(quiz.seed)"]
        lines += quiz.topic.notes(for: quiz.skill).map { "note: \($0)" }
        if let auto = quiz.autoRate { lines.append(autoRateNote(auto, quiz: quiz)) }
        lines.append("type your answer and Enter; :h lists the line commands")
        return lines
    }

    /// What `--rate auto` does in this session, said once: in a skill that speaks nothing, that it does nothing.
    private static func autoRateNote(_ auto: AutoRate, quiz: Quiz.State) -> String {
        if quiz.valuesToReview == nil, quiz.skill == .reading || quiz.skill == .writing {
            return "note: --rate auto changes nothing here: \(quiz.skill.rawValue) questions are not spoken"
        }
        return "rate auto: starts at \(quiz.speech.rate) wpm; after each \(AutoRate.answersPerStep) spoken questions, "
            + "\(AutoRate.step) up if all were right first time, else \(AutoRate.step) down; "
            + "within \(auto.bounds.lowerBound)-\(auto.bounds.upperBound)"
    }

    /// How questions are spoken now, as the settings open: "now voice ja, rate 160 (auto, 110-350), pitch 50".
    static func speechNow(_ quiz: Quiz.State) -> String {
        let auto = quiz.autoRate.map { " (auto, \($0.bounds.lowerBound)-\($0.bounds.upperBound))" } ?? ""
        return "now voice \(quiz.speech.voice), rate \(quiz.speech.rate)\(auto), pitch \(quiz.speech.pitch)"
    }

    /// "10 questions"; in a review, which asks each value once (a round at a time without a
    /// question limit), what there is to review and how much of it is due: "3 values to
    /// review, all due today", "10 of 25 values to review, 4 due today first", "Infinite, 3
    /// values to review in rounds, none due today: reviewing ahead" (the soonest due first).
    private static func length(_ quiz: Quiz.State) -> String {
        guard let values = quiz.valuesToReview, values > 0 else { return quiz.mode.title }
        let noun = values == 1 ? "value" : "values"
        let due = quiz.valuesDueToReview ?? values
        let dueText = due == values ? "all due today" : due == 0 ? "none due today: reviewing ahead" : "\(due) due today first"
        guard case let .questionLimit(limit) = quiz.mode else {
            return "\(quiz.mode.title), \(values) \(noun) to review in rounds, \(dueText)"
        }
        return (limit < values ? "\(limit) of \(values) \(noun) to review" : "\(values) \(noun) to review") + ", \(dueText)"
    }

    /// The question line: progress, what the question's skill shows (in a review, a topic
    /// not drilled in the session's skill is asked in its own), and the box with its
    /// prefix/postfix. Subtitles stand for the voice, so only a spoken question has one: a
    /// reading or writing question's kana is its answer. A sentence's subtitle is its kana as written.
    static func question(_ quiz: Quiz.State, subtitles: Bool, style: TextStyle) -> String {
        let question = quiz.question
        var parts = ["[\(quiz.progress)]"]
        switch question.skill {
        case .listening, .sentences: parts.append("(listen)")
        case .reading: parts.append(style.bold(question.prompt))
        case .writing: parts.append(style.bold(question.prompt) + " → kana or romaji")
        }
        if subtitles && quiz.isSpoken { parts.append("「\(question.sentence?.kana ?? question.spokenKana)」") }
        var box = "___"
        if let prefix = question.prefix { box = prefix + " " + box }
        if let postfix = question.postfix { box += " " + postfix }
        parts.append(box)
        return parts.joined(separator: "  ")
    }

    /// What a submit or show-answer said, from the quiz it left; nil when it said nothing.
    /// `audible`: questions are heard, so a wrong try at a spoken one says to listen again.
    static func feedback(_ quiz: Quiz.State, audible: Bool, style: TextStyle) -> String? {
        guard let feedback = quiz.feedback else { return nil }
        switch feedback {
        case .correct:
            guard let question = quiz.answered.last else { return nil }
            return correct(question, skill: quiz.skill, style: style)
        case let .incorrect(typed):
            return style.red("✗ not \(UserText.shown(typed))") + (audible && quiz.isSpoken ? "; listen again and" : ";")
                + " try once more (:a shows the answer)"
        case let .unreadable(reason):
            return "? \(reason); try again"
        case let .answerShown(question):
            return style.yellow("answer: \(question.answer)") + "  \(question.written)  \(question.reading)  \(question.romaji)"
                + "  (Enter for the next question)" + (question.sentence.map(sentenceLines) ?? "")
        }
    }

    /// A right answer: the question, with its reading to learn from; in a session of `skill`
    /// sentences, the whole sentence it was said in, to learn the phrase around the number.
    static func correct(_ question: QuestionRecord, skill: Skill? = nil, style: TextStyle) -> String {
        let sentence = skill.flatMap {
            TopicCatalog.sentence(topicID: question.topicID, valueKey: question.valueKey, skill: $0, frameID: question.frameID)
        }
        return style.green("✓ \(question.written)") + "  \(question.reading)  \(question.romaji)" + (sentence.map(sentenceLines) ?? "")
    }

    /// A sentence shown after its answer, a line each: written, kana, romaji and gloss.
    static func sentenceLines(_ sentence: Sentence) -> String {
        "\n  \(sentence.written)\n  \(sentence.kana)\n  \(sentence.romaji)\n  “\(sentence.gloss)”"
    }

    /// The summary at the end of a session, a line at a time: a long session's summary is
    /// written as it is made, not held whole (10,000 missed questions are about 1 MB of text).
    /// `inHistory`: the session was saved, so the review (made from the history) will ask
    /// what it missed, and the last line says so.
    static func summary(_ summary: Summary.State, ending: SessionRecord.Ending, inHistory: Bool, style: TextStyle,
                        _ line: (String) -> Void) {
        if ending == .timeUp { line(style.bold("time's up")) }
        // The totals `--json-report` carries, from the same place.
        let totals = SessionReport.Totals(summary.record)
        let percent = Int((totals.accuracy * 100).rounded())
        let seconds = (totals.secondsPerQuestion * 10).rounded() / 10
        let (wrong, skipped) = (totals.wrong, totals.skipped)
        line(style.bold("summary: \(totals.rightFirstTime)/\(totals.total) right first time (\(percent)%)")
             + ", \(wrong) wrong, \(skipped) skipped, \(seconds) s per question")
        if let rate = summary.record.rateReached { line("rate reached: \(rate) wpm (--rate auto; your rate from now on)") }
        // The wrong ones first, then the skipped ones.
        for outcome in [QuestionRecord.Outcome.incorrect, .skipped] {
            for question in summary.record.questions where question.outcome == outcome {
                var typed = question.submissions.filter { $0.verdict != .skipped }.map { UserText.shown($0.typed) }
                // The tries not kept were between the first and the last ones kept.
                if question.omittedTries > 0, typed.count >= QuestionRecord.keptTries / 2 {
                    typed.insert("… \(question.omittedTries) more", at: QuestionRecord.keptTries / 2)
                }
                let tries = typed.isEmpty ? "skipped" : "you typed " + typed.joined(separator: ", ")
                line("missed: \(question.written)  \(question.reading)  \(question.romaji)  (\(tries))")
            }
        }
        if wrong + skipped > 0 && inHistory { line(reviewLine) }
    }

    /// The summary's last line when something was missed and saved.
    static let reviewLine = "'kazu quiz review' asks what you missed again when due: in a day, then further apart as you get it right"

    static let help = [
        "line commands:",
        "  (answer)  grade it",
        "  Enter, :r replay the question (stops it while it plays); subtitles, reading and writing show it again",
        "  :a        show the answer (counts as missed)",
        "  :s        settings: rate N, pitch N, voice V, voices, test; Enter to go back",
        "  :q        end the session (Ctrl-D too)",
        "  :h        this list",
    ]
}

/// Colour and emphasis, only on a terminal and never when `NO_COLOR` is set.
///
/// ```swift
/// let style = TextStyle(colours: TextStyle.wanted(fileDescriptor: 1, environment: env))
/// print(style.green("✓ 300"))
/// ```
struct TextStyle {
    var colours: Bool

    static func wanted(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        colours ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
