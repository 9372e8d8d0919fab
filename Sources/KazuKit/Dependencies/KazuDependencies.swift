import Composable
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SpeechClient

extension DependencyValues {
    /// The voice. KazuKit knows only the interface: whoever builds the store plugs in the live
    /// client (`SpeechClient.espeak()` from SpeechEspeak). Unset, it is silent; a test must set it.
    public var speech: SpeechClient {
        get { self[SpeechClientKey.self] }
        set { self[SpeechClientKey.self] = newValue }
    }

    /// Where settings are loaded from and saved to; a test must set it (`.inMemory()`).
    public var settingsClient: SettingsClient {
        get { self[SettingsClientKey.self] }
        set { self[SettingsClientKey.self] = newValue }
    }

    /// Where finished sessions are kept; a test must set it (`.inMemory()`).
    public var history: HistoryClient {
        get { self[HistoryClientKey.self] }
        set { self[HistoryClientKey.self] = newValue }
    }
}

private enum SpeechClientKey: DependencyKey {
    static var liveValue: SpeechClient { .silent }
}

private enum SettingsClientKey: DependencyKey {
    static var liveValue: SettingsClient {
        switch StorageLocations.fromProcess {
        case let .success(locations): .live(locations)
        case let .failure(error): SettingsClient(load: { SettingsLoad(settings: KazuSettings(), problem: error.message) },
                                                 save: { _ in throw error })
        }
    }
}

private enum HistoryClientKey: DependencyKey {
    static var liveValue: HistoryClient {
        switch StorageLocations.fromProcess {
        case let .success(locations): .live(locations)
        case let .failure(error): HistoryClient(append: { _ in throw error }, load: { throw error }, waitsOnDisk: false)
        }
    }
}

extension StorageLocations {
    /// The locations this process's environment gives.
    static var fromProcess: Result<StorageLocations, StorageError> {
        Result { () throws(StorageError) in try StorageLocations(environment: ProcessInfo.processInfo.environment) }
    }
}
