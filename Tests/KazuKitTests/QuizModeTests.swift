import KazuKit
import Testing

@Suite struct QuizModeTests {
    @Test func titlesNameTheLimit() {
        #expect(QuizMode.infinite.title == "Infinite")
        #expect(QuizMode.questionLimit(1).title == "1 question")
        #expect(QuizMode.questionLimit(10).title == "10 questions")
        #expect(QuizMode.timeLimit(seconds: 60).title == "1:00 time limit")
        #expect(QuizMode.timeLimit(seconds: 1200).title == "20:00 time limit")
    }

    @Test func minutesAndSecondsPadTheSeconds() {
        #expect(QuizMode.minutesAndSeconds(0) == "0:00")
        #expect(QuizMode.minutesAndSeconds(9) == "0:09")
        #expect(QuizMode.minutesAndSeconds(102) == "1:42")
        #expect(QuizMode.minutesAndSeconds(-5) == "0:00")
    }
}
