import Composable
import ComposableTesting
import Testing

/// Where settings go when saved; a struct of closures, as a dependency.
struct SettingsSaver: Sendable {
    var save: @Sendable (VoiceSettings.State) async throws -> Void
}

/// The seed's reusable settings feature: a rate and a pitch, saved 0.25 s after the last change.
struct VoiceSettings: Reducer {
    struct State: Equatable, Sendable {
        var rate = 1.0
        var pitch = 1.0
    }

    enum Action: Equatable, Sendable, BindableAction {
        case binding(BindingAction<State>)
        case pitchLabelDoubleTapped
        case saveFailed(String)

        var binding: BindingAction<State>? {
            if case let .binding(action) = self { action } else { nil }
        }
    }

    enum CancelID: Hashable, Sendable { case save }

    let saver: SettingsSaver
    @Dependency(\.clock) var clock

    var body: some ReducerOf<Self> {
        CombineReducers {
            BindingReducer()
            Reduce { state, action in
                switch action {
                case .binding, .saveFailed:
                    return .none
                case .pitchLabelDoubleTapped:
                    state.pitch = 1.0
                    return .none
                }
            }
        }
        .onChange(of: { $0 }) { _, newValue in
            Reduce { _, _ in
                .run { [saver] _ in
                    try await saver.save(newValue)
                } catch: { error, send in
                    await send(.saveFailed("\(error)"))
                }
                .debounce(id: CancelID.save, for: .milliseconds(250), clock: clock)
            }
        }
    }
}

/// Settings saved by a test, in order.
actor SavedSettings {
    var saved: [VoiceSettings.State] = []
    func append(_ settings: VoiceSettings.State) { saved.append(settings) }
}

@MainActor
@Suite struct DebouncedSaveTests {
    @Test func onlyTheLastOfQuickChangesIsSaved() async {
        let clock = TestClock()
        let saved = SavedSettings()
        let saver = SettingsSaver(save: { await saved.append($0) })
        let store = TestStore(initialState: VoiceSettings.State()) {
            VoiceSettings(saver: saver)
        } withDependencies: { $0.clock = clock }

        await store.send(.set(\.rate, 1.5)) { $0.rate = 1.5 }
        await clock.advance(by: .milliseconds(100))
        await store.send(.set(\.pitch, 1.2)) { $0.pitch = 1.2 }
        await clock.advance(by: .milliseconds(249))
        #expect(await saved.saved.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await store.finish()
        #expect(await saved.saved == [VoiceSettings.State(rate: 1.5, pitch: 1.2)])
    }

    @Test func aChangeBackToTheSameValueIsNotAChange() async {
        let clock = TestClock()
        let saved = SavedSettings()
        let store = TestStore(initialState: VoiceSettings.State()) {
            VoiceSettings(saver: SettingsSaver(save: { await saved.append($0) }))
        } withDependencies: { $0.clock = clock }

        await store.send(.pitchLabelDoubleTapped)  // pitch is already 1.0: nothing to save
        await store.finish()
        #expect(await saved.saved.isEmpty)
    }

    @Test func aFailedSaveIsReported() async {
        struct DiskFull: Error, CustomStringConvertible { var description: String { "disk full" } }
        let clock = TestClock()
        let store = TestStore(initialState: VoiceSettings.State()) {
            VoiceSettings(saver: SettingsSaver(save: { _ in throw DiskFull() }))
        } withDependencies: { $0.clock = clock }

        await store.send(.set(\.rate, 0.8)) { $0.rate = 0.8 }
        await clock.advance(by: .milliseconds(250))
        await store.receive(.saveFailed("disk full"))
        await store.finish()
    }
}
