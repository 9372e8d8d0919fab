import Composable
import Testing

// Reducers that reach a child's state only read a field that has a setter or an observer
// (they write it only when the child changes), and a running effect does not keep its store
// alive.

private struct ObservedOptional: Equatable {
    var child: Int? = 1 { didSet { childWrites += 1 } }
    var childWrites = 0
    var other = 0
}

private enum ObservedOptionalAction: Sendable { case child(Int), other }

private struct ObservedStack: Equatable {
    var stack = StackState<Int>([1, 2]) { didSet { stackWrites += 1 } }
    var stackWrites = 0
    var other = 0
}

private enum ObservedStackAction: Sendable { case stack(StackAction<Int, Int>), other }

private struct ObservedSheet: Equatable {
    var sheet = PresentationState<Int>(wrappedValue: 1) { didSet { sheetWrites += 1 } }
    var sheetWrites = 0
    var other = 0
}

private enum ObservedSheetAction: Sendable { case sheet(PresentationAction<Int>), other }

private struct Log: Equatable { var entries: [String] = [] }
private enum LogAction: Equatable, Sendable { case run, concatenate, after }

/// Counts a reducer of Int by the action.
private func adding() -> Reduce<Int, Int> {
    Reduce { state, action in
        state += action
        return .none
    }
}

@MainActor
@Suite struct FieldPathAndLifetimeTests {
    @Test func ifLetOnlyReadsAnObservedOptionalOnAnotherAction() {
        let store = Store(initialState: ObservedOptional()) {
            Reduce<ObservedOptional, ObservedOptionalAction> { state, action in
                if case .other = action { state.other += 1 }
                return .none
            }
            .ifLet(\.child, action: CasePath(embed: ObservedOptionalAction.child) {
                if case let .child(a) = $0 { a } else { nil }
            }) { adding() }
        }
        store.send(.other)
        #expect(store.state.childWrites == 0)
        store.send(.child(5))
        #expect(store.state.child == 6)
        #expect(store.state.childWrites == 1)
    }

    @Test func forEachOnlyReadsAnObservedStackOnAnotherAction() {
        let store = Store(initialState: ObservedStack()) {
            Reduce<ObservedStack, ObservedStackAction> { state, action in
                if case .other = action { state.other += 1 }
                return .none
            }
            .forEach(\.stack, action: CasePath(embed: ObservedStackAction.stack) {
                if case let .stack(a) = $0 { a } else { nil }
            }) { adding() }
        }
        store.send(.other)
        #expect(store.state.stackWrites == 0)
    }

    @Test func aPresentationOnlyReadsAnObservedFieldOnAnotherAction() {
        let store = Store(initialState: ObservedSheet()) {
            Reduce<ObservedSheet, ObservedSheetAction> { state, action in
                if case .other = action { state.other += 1 }
                return .none
            }
            .ifLet(\.sheet, action: CasePath(embed: ObservedSheetAction.sheet) {
                if case let .sheet(a) = $0 { a } else { nil }
            }) { adding() }
        }
        store.send(.other)
        #expect(store.state.sheetWrites == 0)
        store.send(.sheet(.presented(2)))
        #expect(store.state.sheet.wrappedValue == 3)
    }

    @Test(.timeLimit(.minutes(1)))
    func releasingTheStoreCancelsARunningEffectAndAConcatenation() async {
        let (cancelled, report) = AsyncStream.makeStream(of: String.self)
        let (began, beginning) = AsyncStream.makeStream(of: String.self)
        var store: Store<Log, LogAction>? = Store(initialState: Log()) {
            Reduce<Log, LogAction> { _, action in
                // Each waits until it is cancelled, then says which it was.
                func waiting(_ name: String) -> Effect<LogAction> {
                    .run { _ in
                        beginning.yield(name)
                        try? await Task.sleep(for: .seconds(3600))
                        report.yield(name)
                    }
                }
                switch action {
                case .run: return waiting("run")
                case .concatenate: return .concatenate(waiting("step"), .send(.after))
                case .after: return .none
                }
            }
        }
        _ = store?.send(.run)
        _ = store?.send(.concatenate)
        // Both have begun before the store goes: an effect cancelled before it begins never runs.
        var begun = 0
        for await _ in began {
            begun += 1
            if begun == 2 { break }
        }
        // Kept alive until here: an optimised build may release it after its last use.
        withExtendedLifetime(store) {}
        store = nil
        var seen: Set<String> = []
        for await name in cancelled {
            seen.insert(name)
            if seen.count == 2 { break }
        }
        #expect(seen == ["run", "step"])
    }
}
