import Composable
import ComposableTesting
import Synchronization
import Testing

// Reducers run on every element of an outer stack, on each new presentation of a child, and
// on a field a parent changes without the child seeing an action: persisting and forEach
// must judge each action by the state it finds. And an effect's tasks are registered under
// its cancellation ids once all of the effect has started, so a cancel of the same id inside
// it reaches only what ran before, and an action a concatenation step sends is reduced once
// the step's work has started.

private final class SRLog<T: Sendable>: Sendable {
    private let items = Mutex<[T]>([])
    func append(_ item: T) { items.withLock { $0.append(item) } }
    var all: [T] { items.withLock { $0 } }
}

// An element that starts an effect, and a feature holding a stack of them

private struct SRElem: Reducer {
    struct State: Equatable, Sendable { var ticks = 0 }
    enum Action: Equatable, Sendable { case start, tick, startSlow }
    enum CancelID: Hashable, Sendable { case slow }
    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
            return .run { send in await send(.tick) }
        case .startSlow:
            return .run { send in
                try await clock.sleep(for: .seconds(1))
                await send(.tick)
            }
            .cancellable(id: CancelID.slow, cancelInFlight: true)
        case .tick:
            state.ticks += 1
            return .none
        }
    }
}

private struct SRStackHost: Reducer {
    struct State: Equatable, Sendable { var path = StackState<SRElem.State>() }
    enum Action: Equatable, Sendable {
        case path(StackAction<SRElem.State, SRElem.Action>)
        case noop
        case pushAndPopBottom
        case pushThenPopIt
    }
    static let pathCase = CasePath<Action, StackAction<SRElem.State, SRElem.Action>>(embed: Action.path) {
        if case let .path(a) = $0 { a } else { nil }
    }
    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .pushAndPopBottom:
                state.path.append(SRElem.State())
                state.path.pop(from: state.path.ids[0])
                // pop(from:) removes everything above too: put one back on top.
                state.path.append(SRElem.State())
            case .pushThenPopIt:
                let id = state.path.append(SRElem.State())
                state.path.pop(from: id)
            default:
                break
            }
            return .none
        }
        .forEach(\.path, action: Self.pathCase) { SRElem() }
    }
}

/// Presents a `Child`; each `.present` is a new presentation.
private struct Presenter<Child: Reducer>: Reducer
where Child.State: Equatable & Sendable, Child.Action: Equatable & Sendable {
    struct State: Equatable, Sendable { var child = PresentationState<Child.State>(wrappedValue: nil) }
    enum Action: Equatable, Sendable {
        case present(Child.State)
        case child(PresentationAction<Child.Action>)
    }
    static var childCase: CasePath<Action, PresentationAction<Child.Action>> {
        CasePath(embed: Action.child) { if case let .child(action) = $0 { action } else { nil } }
    }
    let presented: Child

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            if case let .present(child) = action { state.child.wrappedValue = child }
            return .none
        }
        .ifLet(\.child, action: Self.childCase) { presented }
    }
}

/// Holds an SRStackHost through a Scope; its own action replaces the child's stack.
private struct SRScoper: Reducer {
    struct State: Equatable, Sendable { var child = SRStackHost.State() }
    enum Action: Equatable, Sendable {
        case resetChildStack
        case child(SRStackHost.Action)
    }
    static let childCase = CasePath<Action, SRStackHost.Action>(embed: Action.child) {
        if case let .child(a) = $0 { a } else { nil }
    }
    var body: some ReducerOf<Self> {
        Scope(state: \.child, action: Self.childCase) { SRStackHost() }
        Reduce { state, action in
            if case .resetChildStack = action { state.child.path = StackState([SRElem.State()]) }
            return .none
        }
    }
}

/// Nothing but a stack of `Row`s: a forEach at the root of a feature (or, with rows that
/// hold stacks themselves, a forEach inside a forEach's element).
private struct Rows<Row: Reducer>: Reducer
where Row.State: Equatable & Sendable, Row.Action: Equatable & Sendable {
    struct State: Equatable, Sendable { var rows = StackState<Row.State>() }
    enum Action: Equatable, Sendable { case rows(StackAction<Row.State, Row.Action>) }
    static var rowsCase: CasePath<Action, StackAction<Row.State, Row.Action>> {
        CasePath(embed: Action.rows) { if case let .rows(action) = $0 { action } else { nil } }
    }
    let row: Row

    var body: some ReducerOf<Self> {
        Reduce { _, _ in .none }
            .forEach(\.rows, action: Self.rowsCase) { row }
    }
}

// Persisting

private struct SRPrefs: Reducer {
    struct State: Equatable, Sendable { var value = 0 }
    enum Action: Equatable, Sendable { case set(Int), noop, failed }
    let log: SRLog<Int>
    var body: some ReducerOf<Self> {
        Reduce { state, action in
            if case let .set(v) = action { state.value = v }
            return .none
        }
        .persisting(\.value, debounce: .zero) { [log] value in log.append(value) } failed: { _ in .failed }
    }
}

/// Persisting in a Scope's child; the parent loads a value into the child's field directly.
private struct SRPrefsScoper: Reducer {
    struct State: Equatable, Sendable { var prefs = SRPrefs.State() }
    enum Action: Equatable, Sendable { case load(Int), prefs(SRPrefs.Action) }
    static let prefsCase = CasePath<Action, SRPrefs.Action>(embed: Action.prefs) {
        if case let .prefs(a) = $0 { a } else { nil }
    }
    let log: SRLog<Int>
    var body: some ReducerOf<Self> {
        Scope(state: \.prefs, action: Self.prefsCase) { SRPrefs(log: log) }
        Reduce { state, action in
            if case let .load(v) = action { state.prefs.value = v }
            return .none
        }
    }
}

// Cancellation, concatenation, dismiss

private struct SRCancel: Reducer {
    struct State: Equatable, Sendable { var log: [String] = [] }
    enum Action: Equatable, Sendable {
        case startA(String), startAB(String), startDoubleA(String), cancelA, cancelB
        case mergeSiblingCancelInFlight, mergeSiblingCancel, bothOrders, mergeA, concatA, cancelStep, concatWithStep, concatSendCancel, stop
        case done(String)
    }
    enum ID: Hashable, Sendable { case a, b, step, concat }
    @Dependency(\.clock) var clock

    func slow(_ name: String, _ seconds: Int = 1) -> Effect<Action> {
        .run { send in
            try await clock.sleep(for: .seconds(seconds))
            await send(.done(name))
        }
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case let .startA(name):
            return slow(name).cancellable(id: ID.a, cancelInFlight: true)
        case let .startAB(name):
            return slow(name).cancellable(id: ID.a).cancellable(id: ID.b)
        case let .startDoubleA(name):
            return slow(name, 0).cancellable(id: ID.a).cancellable(id: ID.a)
        case .mergeSiblingCancelInFlight:
            // Outer id a around a merge whose second half cancels a in flight.
            return .merge(slow("sib1"), slow("sib2").cancellable(id: ID.a, cancelInFlight: true)).cancellable(id: ID.a)
        case .mergeSiblingCancel:
            // "Restart": new work under a, and cancel what ran under a before.
            return .merge(slow("new"), .cancel(id: ID.a)).cancellable(id: ID.a)
        case .bothOrders:
            return .merge(
                slow("quick2", 0).cancellable(id: ID.a).cancellable(id: ID.a),
                slow("slow2").cancellable(id: ID.a).cancellable(id: ID.b))
        case .cancelA:
            return .cancel(id: ID.a)
        case .cancelB:
            return .cancel(id: ID.b)
        case .mergeA:
            return .merge(slow("m1"), slow("m2", 2)).cancellable(id: ID.a)
        case .concatA:
            return .concatenate(slow("c1"), slow("c2"), .send(.done("c3"))).cancellable(id: ID.a)
        case .concatWithStep:
            return .concatenate(slow("s1", 5).cancellable(id: ID.step), slow("s2"), .send(.done("s3")))
        case .cancelStep:
            return .cancel(id: ID.step)
        case .concatSendCancel:
            return .concatenate(slow("x1"), .send(.stop), slow("x2")).cancellable(id: ID.concat)
        case .stop:
            return .cancel(id: ID.concat)
        case let .done(name):
            state.log.append(name)
            return .none
        }
    }
}

// A step of a concatenation whose `.send` cancels (or restarts) the id the step runs under.
private struct StepSends: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable, Sendable {
        case plain, inConcat, plainRestart, concatRestart, stop, restart, done(String)
        case stopBeforePlain, stopBeforeConcat, restartBeforePlain, restartBeforeConcat
    }
    enum ID: Hashable, Sendable { case x }
    @Dependency(\.clock) var clock

    func slow(_ name: String) -> Effect<Action> {
        .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.done(name))
        }
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .plain: return .merge(slow("A"), .send(.stop)).cancellable(id: ID.x)
        case .inConcat: return .concatenate(.run { _ in }, .merge(slow("A"), .send(.stop)).cancellable(id: ID.x))
        case .plainRestart: return .merge(slow("A"), .send(.restart)).cancellable(id: ID.x)
        case .concatRestart: return .concatenate(.run { _ in }, .merge(slow("A"), .send(.restart)).cancellable(id: ID.x))
        // The action is sent before the work it affects is listed: it still sees that work.
        case .stopBeforePlain: return .merge(.send(.stop), slow("A").cancellable(id: ID.x))
        case .stopBeforeConcat: return .concatenate(.run { _ in }, .merge(.send(.stop), slow("A").cancellable(id: ID.x)))
        case .restartBeforePlain: return .merge(.send(.restart), slow("A").cancellable(id: ID.x))
        case .restartBeforeConcat:
            return .concatenate(.run { _ in }, .merge(.send(.restart), slow("A").cancellable(id: ID.x)))
        case .stop: return .cancel(id: ID.x)
        case .restart: return slow("B").cancellable(id: ID.x, cancelInFlight: true)
        case let .done(name):
            state.log.append(name)
            return .none
        }
    }
}

/// A row that runs a three-second timer; `RowsHolder` holds a stack of them and can
/// replace that stack without the forEach seeing an action.
private struct TimedRow: Reducer {
    struct State: Equatable, Sendable { var name = ""; var ticks = 0 }
    enum Action: Equatable, Sendable { case startTimer, tick }
    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .startTimer:
            return .run { send in
                for _ in 0..<3 {
                    try await clock.sleep(for: .seconds(1))
                    await send(.tick)
                }
            }
        case .tick:
            state.ticks += 1
            return .none
        }
    }
}

private struct RowsHolder: Reducer {
    struct State: Equatable, Sendable { var child = Rows<TimedRow>.State() }
    enum Action: Equatable, Sendable { case replaceRows, child(Rows<TimedRow>.Action) }
    static let childCase = CasePath<Action, Rows<TimedRow>.Action>(embed: Action.child) {
        if case let .child(action) = $0 { action } else { nil }
    }

    var body: some ReducerOf<Self> {
        Scope(state: \.child, action: Self.childCase) { Rows(row: TimedRow()) }
        Reduce { state, action in
            if case .replaceRows = action { state.child.rows = StackState([TimedRow.State(name: "new")]) }
            return .none
        }
    }
}

@MainActor
@Suite struct CachedStateAndCancellationTests {
    @Test func forEachInAPresentedChildReplacedByANewPresentation() async {
        let clock = TestClock()
        let store = Store(initialState: Presenter<SRStackHost>.State()) { Presenter(presented: SRStackHost()) } withDependencies: {
            $0.clock = clock
        }
        await store.send(.present(SRStackHost.State(path: StackState([SRElem.State()])))).finish()
        let first = store.state.child.wrappedValue!.path.ids[0]
        await store.send(.child(.presented(.path(.element(id: first, action: .start))))).finish()
        #expect(store.state.child.wrappedValue!.path[id: first]?.ticks == 1)

        // A second presentation, with a new stack of one element.
        await store.send(.present(SRStackHost.State(path: StackState([SRElem.State()])))).finish()
        let second = store.state.child.wrappedValue!.path.ids[0]
        await store.send(.child(.presented(.path(.element(id: second, action: .start))))).finish()
        #expect(store.state.child.wrappedValue!.path.ids == [second])
        #expect(store.state.child.wrappedValue!.path.first?.ticks == 1)
    }

    @Test func forEachInAScopedChildWhoseStackTheParentReplaces() async {
        let clock = TestClock()
        let store = Store(initialState: SRScoper.State(child: SRStackHost.State(path: StackState([SRElem.State()])))) {
            SRScoper()
        } withDependencies: { $0.clock = clock }
        let first = store.state.child.path.ids[0]
        await store.send(.child(.path(.element(id: first, action: .start)))).finish()
        #expect(store.state.child.path[id: first]?.ticks == 1)
        await store.send(.resetChildStack).finish()
        let second = store.state.child.path.ids[0]
        await store.send(.child(.path(.element(id: second, action: .start)))).finish()
        #expect(store.state.child.path.ids == [second])
        #expect(store.state.child.path.first?.ticks == 1)
    }

    @Test func forEachInsideAForEachElement() async {
        let clock = TestClock()
        let rows = StackState([
            SRStackHost.State(path: StackState([SRElem.State()])),
            SRStackHost.State(path: StackState([SRElem.State()])),
        ])
        let store = Store(initialState: Rows<SRStackHost>.State(rows: rows)) { Rows(row: SRStackHost()) } withDependencies: {
            $0.clock = clock
        }
        let (r0, r1) = (store.state.rows.ids[0], store.state.rows.ids[1])
        let inner0 = store.state.rows[id: r0]!.path.ids[0]
        let inner1 = store.state.rows[id: r1]!.path.ids[0]
        await store.send(.rows(.element(id: r0, action: .path(.element(id: inner0, action: .start))))).finish()
        await store.send(.rows(.element(id: r1, action: .path(.element(id: inner1, action: .start))))).finish()
        #expect(store.state.rows[id: r0]!.path.ids == [inner0])
        #expect(store.state.rows[id: r1]!.path.ids == [inner1])
        #expect(store.state.rows.map { $0.path.map(\.ticks) } == [[1], [1]])
    }

    // A new presentation starts from 0: an action that changes nothing saves nothing, and
    // setting 5 again saves it again.
    @Test(arguments: [(SRPrefs.Action.noop, [5]), (.set(5), [5, 5])])
    fileprivate func persistingInAChildPresentedAnewComparesWithTheNewValue(_ last: SRPrefs.Action, _ saves: [Int]) async {
        let log = SRLog<Int>()
        let clock = TestClock()
        let store = Store(initialState: Presenter<SRPrefs>.State()) { Presenter(presented: SRPrefs(log: log)) } withDependencies: {
            $0.clock = clock
        }
        await store.send(.present(SRPrefs.State(value: 0))).finish()
        await store.send(.child(.presented(.set(5)))).finish()
        #expect(log.all == [5])
        await store.send(.present(SRPrefs.State(value: 0))).finish()
        await store.send(.child(.presented(last))).finish()
        #expect(log.all == saves)
    }

    @Test func persistingInForEachElements() async {
        let log = SRLog<Int>()
        let clock = TestClock()
        let store = Store(initialState: Rows<SRPrefs>.State(rows: StackState([SRPrefs.State(), SRPrefs.State(value: 3)]))) {
            Rows(row: SRPrefs(log: log))
        } withDependencies: { $0.clock = clock }
        let (r0, r1) = (store.state.rows.ids[0], store.state.rows.ids[1])
        await store.send(.rows(.element(id: r0, action: .set(5)))).finish()  // 0 -> 5: save 5
        await store.send(.rows(.element(id: r1, action: .noop))).finish()    // nothing changed
        await store.send(.rows(.element(id: r1, action: .set(5)))).finish()  // 3 -> 5: save 5
        #expect(log.all == [5, 5])
    }

    @Test func persistingInAScopeChildSeesOnlyItsOwnChanges() async {
        let log = SRLog<Int>()
        let clock = TestClock()
        let store = Store(initialState: SRPrefsScoper.State()) { SRPrefsScoper(log: log) } withDependencies: {
            $0.clock = clock
        }
        await store.send(.prefs(.set(4))).finish()   // save 4
        await store.send(.load(9)).finish()          // the parent loads 9: not the child's change
        await store.send(.prefs(.noop)).finish()     // child action that changes nothing
        await store.send(.prefs(.set(4))).finish()   // the child changes 9 -> 4: save 4
        #expect(log.all == [4, 4])
    }

    @Test func sameIDTwiceAndASecondEffect() async {
        let clock = TestClock()
        let store = TestStore(initialState: SRCancel.State()) { SRCancel() } withDependencies: { $0.clock = clock }
        // A slow one under a (no cancel in flight: startAB), then a quick one under a twice.
        await store.send(.startAB("slow"))
        await store.send(.startDoubleA("quick"))
        await clock.advance(by: .zero)
        await store.receive(.done("quick")) { $0.log = ["quick"] }
        await store.send(.cancelA)   // must still cancel "slow"
        await clock.advance(by: .seconds(1))
        await store.finish()
        // The other order: the quick one registered first, both in one action.
        await store.send(.bothOrders)
        await clock.advance(by: .zero)
        await store.receive(.done("quick2")) { $0.log = ["quick", "quick2"] }
        await store.send(.cancelA)
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func mergeSiblingCancelInFlightKeepsTheSibling() async {
        let clock = TestClock()
        let store = TestStore(initialState: SRCancel.State()) { SRCancel() } withDependencies: { $0.clock = clock }
        await store.send(.mergeSiblingCancelInFlight)
        await clock.advance(by: .seconds(1))
        await store.receive(.done("sib1")) { $0.log = ["sib1"] }
        await store.receive(.done("sib2")) { $0.log = ["sib1", "sib2"] }
        await store.finish()
    }

    @Test func mergeWithCancelOfItsOwnIDKeepsTheNewWork() async {
        let clock = TestClock()
        let store = TestStore(initialState: SRCancel.State()) { SRCancel() } withDependencies: { $0.clock = clock }
        await store.send(.startAB("old"))
        await store.send(.mergeSiblingCancel)
        await clock.advance(by: .seconds(1))
        await store.receive(.done("new")) { $0.log = ["new"] }
        await store.finish()
    }
    // A `.send` in an effect, or in a step of a concatenation, is reduced once all of that
    // effect has started and been registered under its ids, so its cancel reaches that work.
    @Test(arguments: [
        (StepSends.Action.plain, [String]()), (.inConcat, []), (.plainRestart, ["B"]), (.concatRestart, ["B"]),
        (.stopBeforePlain, []), (.stopBeforeConcat, []), (.restartBeforePlain, ["B"]), (.restartBeforeConcat, ["B"]),
    ])
    fileprivate func anActionSentInsideACancellableSeesItsWorkCancellable(_ action: StepSends.Action, _ expected: [String]) async {
        let clock = TestClock()
        let store = Store(initialState: StepSends.State()) { StepSends() } withDependencies: { $0.clock = clock }
        let task = store.send(action)
        await clock.advance(by: .seconds(1))
        await clock.advance(by: .seconds(1))
        await task.finish()
        #expect(store.state.log == expected)
    }

    // A stack replaced by the parent of a `Scope` around the forEach: its elements' effects
    // end, and their actions never reach the new stack's elements.
    @Test func aStackReplacedAroundAScopeEndsItsElementsEffectsAtTheNextAction() async {
        let clock = TestClock()
        let old = TimedRow.State(name: "old")
        let store = Store(initialState: RowsHolder.State(child: Rows<TimedRow>.State(rows: StackState([old])))) {
            RowsHolder()
        } withDependencies: { $0.clock = clock }
        let first = store.state.child.rows.ids[0]
        let timer = store.send(.child(.rows(.element(id: first, action: .startTimer))))
        await store.send(.replaceRows).finish()
        // The forEach hears of the new stack with the next action that reaches it.
        let new = store.state.child.rows.ids[0]
        await store.send(.child(.rows(.element(id: new, action: .tick)))).finish()
        for _ in 0..<3 { await clock.advance(by: .seconds(1)) }
        await timer.finish()
        #expect(store.state.child.rows.map(\.ticks) == [1])
    }
}
