/// How a typed answer compares with a question's: right, wrong, or not an answer at all.
///
/// ```swift
/// switch question.grade("３００") {
/// case .correct: print("正解")
/// case .incorrect: print("not quite")
/// case let .unreadable(reason): print(reason)   // no penalty: try again
/// }
/// ```
public enum AnswerGrade: Hashable, Sendable {
    case correct
    case incorrect
    /// The text could not be read as an answer of this kind; `reason` says what to type.
    case unreadable(reason: String)
}
