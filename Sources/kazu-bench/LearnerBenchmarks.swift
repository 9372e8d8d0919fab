// The learner model built from a long history.
import Composable
import Foundation
import KazuKit

/// A history of `sessions` sessions of 10 questions each, across every topic that draws
/// values, one answer in five missed.
func learnerHistory(sessions: Int) -> [SessionRecord] {
    let topics = TopicCatalog.all.filter { $0.id != "review" }
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    return (0..<sessions).map { index in
        let topic = topics[index % topics.count]
        let random = RandomSource.seeded(UInt64(index))
        let questions = (0..<10).map { number in
            let question = topic.makeQuestion(skill: topic.skills[0], using: random)
            let right = (index + number) % 5 != 0
            return QuestionRecord(question: question, submissions: [
                SubmissionRecord(typed: question.answer, verdict: right ? .correct : .incorrect, seconds: 2),
            ])
        }
        let end = start.addingTimeInterval(Double(index) * 600)
        return SessionRecord(topicID: topic.id, skill: topic.skills[0], mode: .questionLimit(10), seed: UInt64(index),
                             startedAt: end.addingTimeInterval(-300), endedAt: end, ending: .completed, questions: questions)
    }
}

@MainActor
func learnerBenchmarks() -> [Benchmark] {
    [
        Benchmark("learner.model-10000", target: .opsPerSecond(1),
                  "the learner model (rules, topics, skills) of a history of 10,000 sessions of 10 questions") {
            let history = learnerHistory(sessions: 10_000)
            return { iterations in
                var sink = 0
                for _ in 0..<iterations { sink &+= LearnerModel(records: history).weakestRules.count }
                return sink
            }
        },
    ]
}
