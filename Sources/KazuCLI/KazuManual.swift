/// The parts of `man kazu` that are not about one command: where Kazu keeps its files,
/// the environment it reads, its exit statuses.
extension KazuCommandLine {
    static let manualSections: [ManualPage.Section] = [
        ManualPage.Section("Files", [
            ManualPage.Entry("$XDG_CONFIG_HOME/kazu/settings.json",
                             "The settings: voice, rate, pitch, favorites and the last choices. "
                                 + "Without XDG_CONFIG_HOME, ~/.config/kazu/settings.json."),
            ManualPage.Entry("$XDG_DATA_HOME/kazu/history.jsonl",
                             "The history, one line per session, read by kazu stats and the review topic. "
                                 + "Without XDG_DATA_HOME, ~/.local/share/kazu/history.jsonl."),
        ]),
        ManualPage.Section("Environment", [
            ManualPage.Entry("KAZU_PLAYER",
                             "The audio player: paplay, pw-play, aplay, a path to one of them, or none for silence. "
                                 + "Chosen automatically when unset."),
            ManualPage.Entry("KAZU_CONFIG_DIR, KAZU_DATA_DIR",
                             "The folders for the settings and the history, outright; absolute paths."),
            ManualPage.Entry("XDG_CONFIG_HOME, XDG_DATA_HOME, HOME", "Where the files go when the above are unset."),
            ManualPage.Entry("NO_COLOR", "When set and not empty, no colours."),
        ]),
        ManualPage.Section("Exit status", [
            ManualPage.Entry("0", "Success, and a session ended with :q or Ctrl-D."),
            ManualPage.Entry("1", "The work failed: a file could not be written, a line could not be read, ..."),
            ManualPage.Entry("64", "The command line was wrong (EX_USAGE); the message says what to change."),
            ManualPage.Entry("130, 143", "A session ended by Ctrl-C (SIGINT) or SIGTERM, summary printed and saved."),
        ]),
        ManualPage.Section("See also", [ManualPage.Entry("espeak-ng(1), paplay(1), aplay(1)")]),
    ]
}
