#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A finished or abandoned session as the history keeps it: one JSON line each.
///
/// ```swift
/// let record = SessionRecord(topicID: "money.conbini", skill: .listening, mode: .questionLimit(10), seed: 7,
///                            startedAt: start, endedAt: end, ending: .completed, questions: answered)
/// try history.append(record)
/// ```
public struct SessionRecord: Codable, Hashable, Sendable, Identifiable {
    /// The format of this line; a reader skips lines of a format it does not know.
    public static let currentVersion = 1

    public var version: Int
    public var id: String
    public var topicID: String
    public var skill: Skill
    public var mode: QuizMode
    public var seed: UInt64
    public var startedAt: Date
    public var endedAt: Date
    public var ending: Ending
    public var questions: [QuestionRecord]
    /// With `--rate auto`, the speaking rate the session ended at; nil otherwise, and in a
    /// line written before there was one.
    public var rateReached: Int?

    /// How the session ended.
    public enum Ending: String, Codable, Hashable, Sendable {
        /// The question limit was reached.
        case completed
        /// The time limit ran out.
        case timeUp
        /// The learner ended it (`:q`, end of input, Ctrl-C, SIGTERM).
        case stopped
    }

    public init(id: String = UUID().uuidString, topicID: String, skill: Skill, mode: QuizMode, seed: UInt64,
                startedAt: Date, endedAt: Date, ending: Ending, questions: [QuestionRecord], rateReached: Int? = nil) {
        self.version = Self.currentVersion
        self.id = id
        self.topicID = topicID
        self.skill = skill
        self.mode = mode
        self.seed = seed
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.ending = ending
        self.questions = questions
        self.rateReached = rateReached
    }

    public var correctCount: Int { count(.correct) }
    public var incorrectCount: Int { count(.incorrect) }
    public var skippedCount: Int { count(.skipped) }

    private func count(_ outcome: QuestionRecord.Outcome) -> Int {
        var count = 0
        for index in questions.indices where questions[index].outcome == outcome { count += 1 }
        return count
    }
    /// Right on every try, as a share of the questions: 0 to 1.
    public var accuracy: Double { questions.isEmpty ? 0 : Double(correctCount) / Double(questions.count) }
}

/// One question of a session: what was asked, its answer, and its tries: all of them, or for
/// a question tried more than `keptTries` times the first and last few and a count of the rest,
/// so that a session's memory and line stay bounded however often a question is tried.
public struct QuestionRecord: Codable, Hashable, Sendable {
    /// The most tries a question keeps: half of them the first, half the last.
    public static let keptTries = 8

    /// The topic the value belongs to (in a review session, the topic it was first missed in).
    public var topicID: String
    public var valueKey: String
    public var prompt: String
    public var answer: String
    public var written: String
    public var reading: String
    public var romaji: String
    public var submissions: [SubmissionRecord]
    /// The sentence frame a question of the sentences skill was said in (`money.register`);
    /// nil in other skills, and in a line written before frames were drawn.
    public var frameID: String?
    /// The tries left out between the first and last ones kept (all wrong: a right try or a
    /// skip ends the question).
    public var omittedTries: Int

    public init(question: Question, submissions: [SubmissionRecord], omittedTries: Int = 0) {
        self.topicID = question.topicID
        self.valueKey = question.valueKey
        self.prompt = question.prompt
        self.answer = question.answer
        self.written = question.written
        self.reading = question.reading
        self.romaji = question.romaji
        self.submissions = submissions
        self.omittedTries = omittedTries
        self.frameID = question.sentence?.frameID
    }

    init(topicID: String, valueKey: String, prompt: String, answer: String, written: String, reading: String,
         romaji: String, submissions: [SubmissionRecord], omittedTries: Int = 0, frameID: String? = nil) {
        self.topicID = topicID
        self.valueKey = valueKey
        self.prompt = prompt
        self.answer = answer
        self.written = written
        self.reading = reading
        self.romaji = romaji
        self.submissions = submissions
        self.omittedTries = omittedTries
        self.frameID = frameID
    }

    /// Adds `submission` to `submissions`, a try of a question, keeping at most `keptTries`
    /// of them: past that, the oldest of the last ones is left out and counted.
    public static func add(_ submission: SubmissionRecord, to submissions: inout [SubmissionRecord], omitted: inout Int) {
        var submission = submission
        if submission.typed.utf8.count > SubmissionRecord.longestTyped {
            submission.typed = String(submission.typed.prefix(SubmissionRecord.longestTyped))
        }
        submissions.append(submission)
        if submissions.count > keptTries {
            submissions.remove(at: keptTries / 2)
            omitted += 1
        }
    }

    private enum CodingKeys: String, CodingKey {
        case topicID, valueKey, prompt, answer, written, reading, romaji, submissions, omittedTries, frameID
    }

    // `omittedTries` is in a line only when some were, `frameID` only for a sentence: a line
    // without them reads as before.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        topicID = try container.decode(String.self, forKey: .topicID)
        valueKey = try container.decode(String.self, forKey: .valueKey)
        prompt = try container.decode(String.self, forKey: .prompt)
        answer = try container.decode(String.self, forKey: .answer)
        written = try container.decode(String.self, forKey: .written)
        reading = try container.decode(String.self, forKey: .reading)
        romaji = try container.decode(String.self, forKey: .romaji)
        submissions = try container.decode([SubmissionRecord].self, forKey: .submissions)
        omittedTries = try container.decodeIfPresent(Int.self, forKey: .omittedTries) ?? 0
        frameID = try container.decodeIfPresent(String.self, forKey: .frameID)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(topicID, forKey: .topicID)
        try container.encode(valueKey, forKey: .valueKey)
        try container.encode(prompt, forKey: .prompt)
        try container.encode(answer, forKey: .answer)
        try container.encode(written, forKey: .written)
        try container.encode(reading, forKey: .reading)
        try container.encode(romaji, forKey: .romaji)
        try container.encode(submissions, forKey: .submissions)
        if omittedTries > 0 { try container.encode(omittedTries, forKey: .omittedTries) }
        if let frameID { try container.encode(frameID, forKey: .frameID) }
    }

    /// Correct only when right on every try; a skip or any wrong try makes it missed.
    public var outcome: Outcome {
        var sawIncorrect = false
        for index in submissions.indices {
            switch submissions[index].verdict {
            case .skipped: return .skipped
            case .incorrect: sawIncorrect = true
            case .correct: break
            }
        }
        return sawIncorrect ? .incorrect : submissions.isEmpty ? .skipped : .correct
    }

    public enum Outcome: String, Codable, Hashable, Sendable {
        case correct, incorrect, skipped
    }

    /// The seconds from the question being shown to its last try.
    public var seconds: Double { submissions.last?.seconds ?? 0 }
}

/// One try at a question.
public struct SubmissionRecord: Codable, Hashable, Sendable {
    /// The most characters of a try kept: a terminal cuts a line at 1,024 bytes already.
    public static let longestTyped = 1_024

    public var typed: String
    public var verdict: Verdict
    /// Seconds from the question being shown.
    public var seconds: Double

    public enum Verdict: String, Codable, Hashable, Sendable {
        case correct, incorrect
        /// The learner asked for the answer.
        case skipped
    }

    public init(typed: String, verdict: Verdict, seconds: Double) {
        self.typed = typed
        self.verdict = verdict
        self.seconds = seconds
    }
}
