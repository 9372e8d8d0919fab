// A whole session through Kazu's feature tree, and the same work written by hand.
import Composable
import Foundation
import KazuKit
import SpeechClient

/// How many answers a piped session reduces before it waits for input (`QuizSession`'s
/// read-ahead hands room back 64 lines at a time).
let inputChunk = 64

/// One session of `questions` questions, each answered right, through the Navigation store:
/// topic, pre-session settings, the quiz (question drawn, graded, recorded, the next one
/// spoken by a silent voice), the summary and the history (in memory).
@MainActor
func sessionThroughTheStore(questions: Int, seed: UInt64) async -> Int {
    var initial = Navigation.State(settings: KazuSettings())
    initial.nextSeed = seed
    let store = Store(initialState: initial) { Navigation() } withDependencies: {
        $0.speech = .silent
        $0.settingsClient = .inMemory()
        $0.history = .inMemory()
    }
    store.send(.topics(.topicPicked("number.1-100")))
    store.send(.destination(.presented(.preSettings(.questionLimitEntered(String(questions))))))
    store.send(.destination(.presented(.preSettings(.startTapped))))
    var answered = 0
    // Answers come as from a pipe: `kazu quiz` reads up to 64 lines ahead, reduces them back
    // to back, and waits for more input, and that wait is when the effects they started run.
    // Here the wait is for those effects to end.
    var started: [StoreTask] = []
    started.reserveCapacity(inputChunk)
    // Only the answer is kept across the send: a copy of the quiz state held meanwhile would
    // make the reducer copy the answers so far on each append. Read in place, as the
    // terminal front reads what it shows (`Store.withState`).
    while let answer = store.withState({ $0.quiz?.question.answer }) {
        started.append(store.send(.destination(.presented(.quiz(.answerSubmitted(answer))))))
        answered += 1
        if started.count == inputChunk {
            for task in started { await task.finish() }
            started.removeAll(keepingCapacity: true)
        }
    }
    for task in started { await task.finish() }
    return answered + (store.state.path.last?.record.correctCount ?? 0) + store.state.reviewEntries.count
}

/// The same work as one plain function on plain values: draw each question from the same
/// seeded generator, make its utterance, grade the right answer, record it, and at the end
/// make the session's record, keep it in the history and work out what is left to review.
func sessionByHand(questions: Int, seed: UInt64) -> Int {
    let topic = TopicCatalog.topic(id: "number.1-100")!
    let speech = SpeechPreferences()
    var answered: [QuestionRecord] = []
    var previous: String?
    var spoken = 0
    let parameters = SpeechClient.silent.parameters
    for number in 1...questions {
        var attempt = 0
        var question: Question
        repeat {
            let random = RandomSource.seeded(DrawSeed.seed(session: seed, stream: topic.id, number: number, attempt: attempt))
            question = topic.makeQuestion(skill: .listening, using: random)
            attempt += 1
        } while question.valueKey == previous && attempt < 4
        previous = question.valueKey
        // What the quiz hands its (silent) voice; the session through the store speaks only
        // the last question of each 64 read ahead, the others being cancelled before.
        let utterance = speech.utterance(question.spokenKana, within: parameters)
        spoken &+= utterance.rate &+ utterance.text.utf8.count
        guard case .correct = question.grade(question.answer) else { fatalError("graded wrong: \(question.answer)") }
        answered.append(QuestionRecord(question: question, submissions: [
            SubmissionRecord(typed: question.answer, verdict: .correct, seconds: 0),
        ]))
    }
    let now = Date()
    let record = SessionRecord(topicID: topic.id, skill: .listening, mode: .questionLimit(questions), seed: seed,
                               startedAt: now, endedAt: now, ending: .completed, questions: answered)
    // What Navigation does with the record: keep it in the (in-memory) history and work out
    // from the history what is left to review.
    let history = [record]
    let review = HistoryStatistics(records: history, now: now).review
    return answered.count + record.correctCount + review.count + (spoken & 1)
}

@MainActor
func sessionBenchmarks() -> [Benchmark] {
    [
        Benchmark("session.by-hand-1000", "1,000 questions drawn, graded right and recorded by one plain function") {
            var seed: UInt64 = 0
            return { iterations in
                var sink = 0
                for _ in 0..<iterations { seed &+= 1; sink &+= sessionByHand(questions: 1_000, seed: seed) }
                return sink
            }
        },
        Benchmark("session.store-1000", "a 1,000-question session answered right through the Navigation store (speech silent)") {
            var seed: UInt64 = 0
            return { iterations in
                var sink = 0
                for _ in 0..<iterations { seed &+= 1; sink &+= await sessionThroughTheStore(questions: 1_000, seed: seed) }
                return sink
            }
        },
    ]
}
