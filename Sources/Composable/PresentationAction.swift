/// What can happen to a presented feature: one of its own actions, or its dismissal.
///
/// ```swift
/// enum Action {
///   case settings(PresentationAction<Settings.Action>)
/// }
/// store.send(.settings(.presented(.rateChanged(120))))
/// store.send(.settings(.dismiss))
/// ```
public enum PresentationAction<Action> {
    /// An action of the presented child.
    case presented(Action)
    /// The child is to go away: the parent sees this action first, with the child's state
    /// still there (to keep what the child edited), then `ifLet` sets the state to nil.
    case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension PresentationAction: CasePathable {
    /// The paths to `presented` and `dismiss`, so that `\.settings.presented.doneTapped` composes.
    public struct AllCasePaths: Sendable {
        public let presented = CasePath<PresentationAction, Action>(embed: PresentationAction.presented) {
            if case let .presented(action) = $0 { action } else { nil }
        }
        public let dismiss = CasePath<PresentationAction, Void>(embed: { _ in PresentationAction.dismiss }) {
            if case .dismiss = $0 { () } else { nil }
        }
    }

    public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
