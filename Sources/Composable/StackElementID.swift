/// The identity of an element on a `StackState`, shown as `#0`, `#1`, ….
///
/// ```swift
/// let id = state.path.append(.summary(results))
/// store.send(.path(.element(id: id, action: .doneTapped)))
/// ```
public struct StackElementID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}

extension StackElementID: CustomReflectable {
    // Shown as "#3" in test failures rather than as a struct.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
