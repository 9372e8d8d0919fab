#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Loads and saves `KazuSettings`: a struct of closures, live on a JSON file, in memory for
/// tests and previews.
///
/// ```swift
/// let client = SettingsClient.live(StorageLocations(configDirectory: dir, dataDirectory: dir))
/// var loaded = client.load()
/// if let problem = loaded.problem { print(problem) }   // said once; defaults are in use
/// loaded.settings.speech.rate = 120
/// try client.save(loaded.settings)
/// ```
public struct SettingsClient: Sendable {
    /// The saved settings, or the defaults with the reason when the file could not be used.
    public var load: @Sendable () -> SettingsLoad
    /// Writes the settings; throws a `StorageError` saying what was not saved.
    public var save: @Sendable (KazuSettings) throws -> Void

    public init(load: @escaping @Sendable () -> SettingsLoad, save: @escaping @Sendable (KazuSettings) throws -> Void) {
        self.load = load
        self.save = save
    }
}

/// Settings as loaded, with what went wrong when the file could not be used as it was.
public struct SettingsLoad: Hashable, Sendable {
    public var settings: KazuSettings
    /// One line for the learner: a damaged file kept aside, an unreadable one, a directory.
    public var problem: String?

    public init(settings: KazuSettings, problem: String? = nil) {
        self.settings = settings
        self.problem = problem
    }
}

extension SettingsClient {
    /// Settings in `settings.json` under the locations' config directory, written atomically.
    /// A file that cannot be decoded is renamed to `settings.json.bad-<time>` and reported.
    /// A file that cannot be read (its permissions, say) or kept aside is never saved over:
    /// the settings in it are the learner's, and saving the defaults would lose them.
    public static func live(_ locations: StorageLocations, now: @escaping @Sendable () -> Date = { Date() }) -> Self {
        let path = locations.settingsFile
        // Why the file there must stay as it is, once a load found it unreadable.
        let keepFile = LockedValue<String?>(nil)
        return Self(
            load: {
                keepFile.value = nil
                let bytes: [UInt8]?
                do {
                    bytes = try DiskFile.read(path)
                } catch {
                    keepFile.value = "\(error)"
                    return SettingsLoad(
                        settings: KazuSettings(),
                        problem: "settings not read (\(error)); using the defaults, and not saving over the file")
                }
                guard let bytes else { return SettingsLoad(settings: KazuSettings()) }
                if let settings = try? JSONDecoder().decode(KazuSettings.self, from: Data(bytes)) {
                    return SettingsLoad(settings: settings)
                }
                let suffix = ".bad-" + Self.stamp(now())
                do {
                    try DiskFile.moveAside(path, suffix: suffix)
                    return SettingsLoad(
                        settings: KazuSettings(),
                        problem: "settings file could not be read; kept it as \(path)\(suffix) and using the defaults")
                } catch {
                    keepFile.value = "\(error)"
                    return SettingsLoad(
                        settings: KazuSettings(),
                        problem: "settings file could not be read, nor kept aside (\(error)); using the defaults, and not saving over the file")
                }
            },
            save: { settings in
                if let reason = keepFile.value {
                    throw StorageError(
                        "settings not saved over a file that could not be read (\(reason)); fix or remove it, then run kazu again")
                }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                let data: Data
                do { data = try encoder.encode(settings) } catch { throw StorageError("settings not saved: \(error)") }
                do {
                    try DiskFile.writeAtomically(Array(data) + [0x0A], to: path)
                } catch {
                    throw StorageError("settings not saved: \(error)")
                }
            })
    }

    /// Settings kept in memory, starting from `initial`: for tests.
    public static func inMemory(_ initial: KazuSettings = KazuSettings()) -> Self {
        let box = LockedValue(initial)
        return Self(load: { SettingsLoad(settings: box.value) }, save: { box.value = $0 })
    }

    /// A time stamp for file names: 20261123T064512Z.
    static func stamp(_ date: Date) -> String {
        Date.ISO8601FormatStyle(dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted,
                                timeZone: .gmt).format(date)
    }
}
