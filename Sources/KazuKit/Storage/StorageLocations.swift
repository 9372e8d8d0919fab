import JapaneseNumbers

/// Where Kazu keeps its files, by the XDG base directory rules: settings in
/// `$XDG_CONFIG_HOME/kazu` (else `~/.config/kazu`), history in `$XDG_DATA_HOME/kazu` (else
/// `~/.local/share/kazu`). `KAZU_CONFIG_DIR` and `KAZU_DATA_DIR` name the folders outright,
/// as tests do, and must be absolute. An XDG variable that is empty or relative is ignored,
/// as the rules say.
///
/// ```swift
/// let locations = try StorageLocations(environment: ["HOME": "/home/aiko"])
/// locations.settingsFile   // "/home/aiko/.config/kazu/settings.json"
/// locations.historyFile    // "/home/aiko/.local/share/kazu/history.jsonl"
/// ```
public struct StorageLocations: Hashable, Sendable {
    public var configDirectory: String
    public var dataDirectory: String

    public var settingsFile: String { configDirectory + "/settings.json" }
    public var historyFile: String { dataDirectory + "/history.jsonl" }

    public init(configDirectory: String, dataDirectory: String) {
        self.configDirectory = configDirectory
        self.dataDirectory = dataDirectory
    }

    /// The locations an environment gives; throws when neither an override, an absolute XDG
    /// directory nor an absolute HOME is there to put a file in.
    public init(environment: [String: String]) throws(StorageError) {
        func absolute(_ name: String) -> String? {
            guard let value = environment[name], value.hasPrefix("/") else { return nil }
            return value.count > 1 && value.hasSuffix("/") ? String(value.dropLast()) : value
        }
        // Kazu's own variables are not guessed at: one set to a relative path is a mistake to
        // name, not a setting to ignore for the home folder's.
        for name in ["KAZU_CONFIG_DIR", "KAZU_DATA_DIR"] {
            if let value = environment[name], !value.isEmpty, !value.hasPrefix("/") {
                // A quoted ~ is not expanded by the shell: the home folder was meant.
                // Shown escaped: control characters in it would act on the terminal.
                let shown = ParseError.excerpt(of: value, limit: 1_000)
                let meant = shown.hasPrefix("~/") ? "$HOME/" + shown.dropFirst(2) : "$PWD/" + shown
                throw StorageError("\(name) must be an absolute path, not '\(shown)'; as in \(name)=\(meant)")
            }
        }
        let home = absolute("HOME")
        guard let config = absolute("KAZU_CONFIG_DIR") ?? absolute("XDG_CONFIG_HOME").map({ $0 + "/kazu" })
                ?? home.map({ $0 + "/.config/kazu" }),
              let data = absolute("KAZU_DATA_DIR") ?? absolute("XDG_DATA_HOME").map({ $0 + "/kazu" })
                ?? home.map({ $0 + "/.local/share/kazu" })
        else {
            throw StorageError(
                "no place to keep settings and history: HOME is unset or not an absolute path; "
                    + "set HOME, or XDG_CONFIG_HOME and XDG_DATA_HOME, or KAZU_CONFIG_DIR and KAZU_DATA_DIR")
        }
        self.init(configDirectory: config, dataDirectory: data)
    }

    /// Why kazu must not keep its files in these folders, or nil when it may: a folder (or
    /// one above it) that another user can write in, where they could plant a link that makes
    /// kazu write over another of this user's files. Said as ssh says it of ~/.ssh, with the fix.
    public var unsafeFolderProblem: StorageError? {
        for folder in [configDirectory, dataDirectory] {
            if let problem = DiskFile.unsafeFolderProblem(folder) { return StorageError("not using \(folder): \(problem)") }
        }
        return nil
    }
}

/// Why a file of Kazu's could not be read or written, in words for the learner.
///
/// ```swift
/// throw StorageError("history not saved: /home/aiko/.local/share/kazu/history.jsonl: No space left on device")
/// ```
public struct StorageError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
