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
    /// Settings in `settings.json` under the locations' config directory.
    ///
    /// A save writes what this process changed, not its whole copy: holding a lock beside the
    /// file (`settings.json.lock`) it reads the file as it is now, makes there the changes
    /// that turned the settings last loaded or saved into the ones given, and replaces the
    /// file atomically, keeping its permissions and the keys this kazu does not know. So two
    /// kazus at once (a quiz, and a `kazu favorite add` meanwhile) keep each other's changes.
    ///
    /// A file that cannot be decoded is renamed to `settings.json.bad-<time>` and reported.
    /// A file that cannot be read (its permissions, say) or kept aside is never saved over:
    /// the settings in it are the learner's, and saving the defaults would lose them.
    public static func live(_ locations: StorageLocations, now: @escaping @Sendable () -> Date = { Date() }) -> Self {
        let path = locations.settingsFile
        let lockPath = path + ".lock"
        // Why the file there must stay as it is, once a load found it unreadable; and the
        // settings as this process last loaded or saved them, what its changes are made from.
        let known = LockedValue(Known(keepFile: nil, settings: KazuSettings()))
        return Self(
            load: {
                known.withLock { known in
                    let (load, keepFile) = (try? DiskFile.withLock(lockPath) { () throws(StorageError) in readFile(path, now: now) })
                        ?? readFile(path, now: now)
                    known = Known(keepFile: keepFile, settings: load.settings)
                    return load
                }
            },
            save: { settings in
                let failure: StorageError? = known.withLock { known in
                    if let reason = known.keepFile {
                        return StorageError(
                            "settings not saved over a file that could not be read (\(reason)); fix or remove it, then run kazu again")
                    }
                    if let problem = DiskFile.unsafeFolderProblem(locations.configDirectory) {
                        return StorageError("settings not saved: \(problem)")
                    }
                    do throws(StorageError) {
                        try DiskFile.makeDirectories(DiskFile.parent(of: path))
                        try DiskFile.withLock(lockPath) { () throws(StorageError) in
                            try writeChanges(from: known.settings, to: settings, path: path, now: now)
                        }
                    } catch {
                        return StorageError("settings not saved: \(error)")
                    }
                    known.settings = settings
                    return nil
                }
                if let failure { throw failure }
            })
    }

    /// What a live client remembers between a load and its saves.
    private struct Known: Sendable {
        var keepFile: String?
        var settings: KazuSettings
    }

    /// The settings in the file at `path`, and why it must not be saved over, if it must not.
    private static func readFile(_ path: String, now: () -> Date) -> (SettingsLoad, keepFile: String?) {
        let bytes: [UInt8]?
        do {
            bytes = try DiskFile.read(path)
        } catch {
            return (SettingsLoad(settings: KazuSettings(),
                                 problem: "settings not read (\(error)); using the defaults, and not saving over the file"), "\(error)")
        }
        guard let bytes else { return (SettingsLoad(settings: KazuSettings()), nil) }
        if let settings = try? JSONDecoder().decode(KazuSettings.self, from: Data(bytes)) {
            return (SettingsLoad(settings: settings), nil)
        }
        do {
            let kept = try DiskFile.moveAside(path, suffix: ".bad-" + Self.stamp(now()))
            return (SettingsLoad(settings: KazuSettings(),
                                 problem: "settings file could not be read; kept it as \(kept) and using the defaults"), nil)
        } catch {
            return (SettingsLoad(settings: KazuSettings(),
                                 problem: "settings file could not be read, nor kept aside (\(error)); using the defaults, and not saving over the file"),
                    "\(error)")
        }
    }

    /// Makes in the file at `path`, as it is now, the changes that turned `old` into `new`.
    /// A file damaged since it was loaded is kept aside and the changes made to the defaults.
    private static func writeChanges(from old: KazuSettings, to new: KazuSettings, path: String, now: () -> Date) throws(StorageError) {
        var file = JSONValue.object([:])
        var current = KazuSettings()
        if let bytes = try DiskFile.read(path) {
            if case let .object(fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)),
               let decoded = try? JSONDecoder().decode(KazuSettings.self, from: Data(bytes)) {
                file = .object(fields)
                current = decoded
            } else {
                _ = try DiskFile.moveAside(path, suffix: ".bad-" + Self.stamp(now()))
            }
        }
        let merged = current.applying(changesFrom: old, to: new)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            let fields = try JSONDecoder().decode(JSONValue.self, from: try encoder.encode(merged))
            data = try encoder.encode(file.overlaid(with: fields, nested: ["speech"]))
        } catch {
            throw StorageError("\(error)")
        }
        if case let .replacing(file) = try DiskFile.destination(of: path) { DiskFile.removeStaleTemporaries(of: file) }
        try DiskFile.writeAtomically(Array(data) + [0x0A], to: path)
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
