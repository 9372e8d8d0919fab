import Synchronization

/// The state of a navigation stack: child feature states in push order, each with an id
/// that stays the same while it is on the stack.
///
/// ```swift
/// var path = StackState<Path.State>()
/// path.append(.summary(Summary.State(results: results)))
/// ```
public struct StackState<Element> {
    var entries: [(id: StackElementID, element: Element)] = []
    var nextID = 0
    /// Which stack value this is: a new stack gets a new number, copies keep it. Not part of
    /// equality; it tells `forEach` that a stack was replaced, so the old elements' effects end.
    let generation: UInt64

    public init() {
        generation = stackGenerations.add(1, ordering: .relaxed).newValue
    }

    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        self.init()
        for element in elements { append(element) }
    }

    /// The ids of the elements, bottom of the stack first.
    public var ids: [StackElementID] { entries.map { $0.id } }

    /// Pushes `element` and returns its id.
    @discardableResult
    public mutating func append(_ element: Element) -> StackElementID {
        let id = StackElementID(rawValue: nextID)
        nextID += 1
        entries.append((id, element))
        return id
    }

    /// Pushes `element` with a given id, which must be newer than every id on the stack.
    mutating func push(_ element: Element, id: StackElementID) -> Bool {
        guard id.rawValue >= nextID else { return false }
        nextID = id.rawValue + 1
        entries.append((id, element))
        return true
    }

    /// Removes the top element.
    @discardableResult
    public mutating func removeLast() -> Element { entries.removeLast().element }

    /// Removes the top element and returns it; nil when the stack is empty.
    @discardableResult
    public mutating func popLast() -> Element? { entries.popLast()?.element }

    /// Removes the element with `id` and everything pushed after it.
    public mutating func pop(from id: StackElementID) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        entries.removeSubrange(index...)
    }

    /// Removes everything pushed after the element with `id`, which stays on top.
    public mutating func pop(to id: StackElementID) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        entries.removeSubrange((index + 1)...)
    }

    /// Removes every element. Ids go on from where they were: a later push gets a new one.
    public mutating func removeAll() {
        entries.removeAll()
    }

    /// The id the next push gets.
    var nextElementID: Int { nextID }

    /// Renumbers this stack's elements to start at `first` unless they already do, keeping
    /// their order: how `forEach` keeps a replacing stack's ids apart from the replaced one's.
    mutating func continueNumbering(from first: Int) {
        let lowest = entries.first?.id.rawValue ?? nextID
        guard lowest < first else { return }
        let offset = first - lowest
        for index in entries.indices {
            entries[index].id = StackElementID(rawValue: entries[index].id.rawValue + offset)
        }
        nextID += offset
    }

    /// The element with `id`, or nil when it is not on the stack. Setting nil removes it;
    /// setting an id newer than every id on the stack pushes the element with that id.
    public subscript(id id: StackElementID) -> Element? {
        get { entries.first(where: { $0.id == id })?.element }
        set {
            if let index = entries.firstIndex(where: { $0.id == id }) {
                if let newValue { entries[index].element = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                _ = push(newValue, id: id)
            }
        }
    }
}

extension StackState: RandomAccessCollection {
    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Element { entries[position].element }
}

extension StackState: Equatable where Element: Equatable {
    // Two stacks are equal when they hold the same elements under the same ids.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.id == $1.id && $0.element == $1.element }
    }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomReflectable {
    // Each element under its id, so that a test failure diffs into the element's fields.
    public var customMirror: Mirror {
        Mirror(self, children: entries.map { (label: "#\($0.id.rawValue)", value: $0.element as Any) }, displayStyle: .struct)
    }
}

/// Numbers the stack values made in this process.
private let stackGenerations = Atomic<UInt64>(0)
