import Composable
import Foundation
import JapaneseNumbers
@testable import KazuKit
import Testing

/// Kazu agrees with itself: over every topic and skill and many seeds, each form a question
/// shows as right is accepted by its own grader, its kana and romaji spell the same reading, no
/// shown form uses a notation Japanese does not use, and another value's written form is
/// never graded right. `KAZU_SWEEP_SEEDS=N` sweeps N seeds instead of 12
/// (`scripts/consistency-sweep` runs a long sweep).
@Suite struct SelfConsistencyTests {
    static let seeds = UInt64(ProcessInfo.processInfo.environment["KAZU_SWEEP_SEEDS"] ?? "") ?? 12
    static let questionsPerSeed = 16
    static let topics = TopicCatalog.all.filter { $0.id != TopicCatalog.review.id }

    /// The questions of one topic in one skill and script, `questionsPerSeed` from each seed.
    static func questions(_ topic: Topic, _ skill: Skill, _ script: ReadingScript) -> [Question] {
        (1...seeds).flatMap { seed in
            let random = RandomSource.seeded(seed &* 0x2545_F491_4F6C_DD1D)
            return (0..<questionsPerSeed).map { _ in topic.makeQuestion(skill: skill, script: script, using: random) }
        }
    }

    static func scripts(for skill: Skill) -> [ReadingScript] {
        skill == .reading ? [.kanji, .kana] : [.kanji]
    }

    @Test(arguments: topics)
    func everyFormShownAsRightIsGradedRight(topic: Topic) {
        for skill in topic.skills {
            for script in Self.scripts(for: skill) {
                for question in Self.questions(topic, skill, script) {
                    let where_ = "\(topic.id) \(skill) \(question.valueKey)"
                    #expect(question.grade(question.answer) == .correct, "\(where_): answer \(question.answer)")
                    switch skill {
                    case .listening, .reading, .sentences:
                        // The value as written (3本, ￥1,500, 午後2時, 15時間18秒) is an answer to type.
                        #expect(question.grade(question.written) == .correct, "\(where_): written \(question.written)")
                        // What the reading skill shows is the value itself: never a wrong answer.
                        if skill == .reading {
                            #expect(question.grade(question.prompt) != .incorrect, "\(where_): prompt \(question.prompt)")
                        }
                    case .writing:
                        for form in [question.reading, question.romaji, Kana.katakana(question.reading)] {
                            #expect(question.grade(form) == .correct, "\(where_): reading \(form)")
                        }
                    }
                }
            }
        }
    }

    /// The kana spoken, the kana shown and the romaji of a question spell one reading, and a
    /// writing question's answer is that kana.
    @Test(arguments: topics)
    func kanaAndRomajiSayTheSameThing(topic: Topic) {
        func letters(_ text: String) -> String { text.filter { !" ',、".contains($0) } }
        for skill in topic.skills {
            for question in Self.questions(topic, skill, .kanji) {
                let where_ = "\(topic.id) \(skill) \(question.valueKey)"
                // A sentence says the reading inside it, the shown kana with its particles as written.
                if let sentence = question.sentence {
                    #expect(question.spokenKana.contains(question.reading), "\(where_): \(question.spokenKana)")
                    #expect(sentence.kana.contains(question.reading), "\(where_): \(sentence.kana)")
                    #expect(sentence.romaji.contains(question.romaji), "\(where_): \(sentence.romaji)")
                } else {
                    #expect(question.reading == question.spokenKana, "\(where_): \(question.reading) \(question.spokenKana)")
                }
                #expect(letters(Kana.romaji(question.reading)) == letters(question.romaji),
                        "\(where_): \(question.reading) is not \(question.romaji)")
                #expect(JapaneseNumbers.hiraganaSpellings(of: question.romaji).contains(letters(question.reading)),
                        "\(where_): \(question.romaji) is not read back as \(question.reading)")
                if skill == .writing {
                    #expect(question.answer == question.reading, "\(where_): \(question.answer)")
                }
            }
        }
    }

    @Test(arguments: topics)
    func noShownFormUsesANotationJapaneseDoesNotUse(topic: Topic) {
        for skill in topic.skills {
            for script in Self.scripts(for: skill) {
                for question in Self.questions(topic, skill, script) {
                    for form in [question.prompt, question.written, question.answer] {
                        if let problem = Self.notationProblem(in: form) {
                            Issue.record("\(topic.id) \(skill) \(question.valueKey): \(form): \(problem)")
                        }
                    }
                }
            }
        }
    }

    /// Another value's written form, or in writing its reading, is never graded right: a marker
    /// such as 午前 or 午後, a counter or a unit in it counts. Another value is one whose answer
    /// is another: 大正元年 is 明治45年's year, 1912, which listening asks for.
    @Test(arguments: topics)
    func anotherValuesFormIsNeverGradedRight(topic: Topic) {
        for skill in topic.skills {
            let questions = Self.questions(topic, skill, .kanji)
            for (question, other) in zip(questions, questions.dropFirst())
            where other.valueKey != question.valueKey && other.expected != question.expected {
                let forms = skill == .writing ? [other.reading, other.romaji] : [other.written]
                for form in forms {
                    #expect(question.grade(form) != .correct, "\(topic.id) \(skill): \(form) accepted for \(question.valueKey)")
                }
            }
        }
    }

    /// What is wrong with a shown form's notation, if anything.
    static func notationProblem(in text: String) -> String? {
        let rules: [(pattern: String, problem: String)] = [
            (#"[0-9],[0-9]{3}年(?!間)"#, "a calendar year takes no thousands comma"),
            (#"^0[0-9]{1,3}-[0-9,]*,"#, "a phone number takes no comma"),
            (#"(?<![0-9])([1-9][0-9]+)つ"#, "つ counts only to 9 (10 is とお, with no つ)"),
            (#"(時|時間|分)0(分|秒)"#, "a zero part is not shown when it is not read"),
            (#"(?<![0-9])0時間"#, "a length of no hours is not written 0時間"),
            (#"(午前|午後)(1[2-9]|2[0-9])時"#, "午前 and 午後 take hours 0 to 11"),
        ]
        for rule in rules where text.range(of: rule.pattern, options: .regularExpression) != nil {
            return rule.problem
        }
        return nil
    }

    @Test func theNotationRulesCatchWhatTheAuditFound() {
        #expect(Self.notationProblem(in: "2,021年3月4日") != nil)
        #expect(Self.notationProblem(in: "10つ") != nil)
        #expect(Self.notationProblem(in: "15時間0分18秒") != nil)
        #expect(Self.notationProblem(in: "午後2時0分") != nil)
        #expect(Self.notationProblem(in: "2021年3月4日") == nil)
        #expect(Self.notationProblem(in: "￥1,500") == nil)
        #expect(Self.notationProblem(in: "9つ") == nil)
        #expect(Self.notationProblem(in: "午後10時30分") == nil)
        #expect(Self.notationProblem(in: "1,000年間") == nil)
        #expect(Self.notationProblem(in: "0分") == nil)
    }
}
