import Foundation
import Glibc
import KazuTestSupport
import Testing

/// Which of espeak-ng's voice files `kazu say` reads: listing the voices reads every one
/// (some 360), which is worth it only to check a voice the user named.
///
/// The binary runs on a copy of espeak-ng's data made of links, with one voice file of
/// the test's own, watched with inotify: a listing opens it, a voice found by its path does not.
@Suite("kazu say: the voice files it reads")
struct SayVoiceFilesTests {
    @Test("without --voice, kazu say reads no voice file but its own; with --voice it lists them to check the name")
    func listsVoicesOnlyForANamedVoice() throws {
        let data = try LinkedEspeakData()
        let quiet = try data.opensWatchedFile(["say", "--wav", "-", "300"])
        #expect(quiet.status == 0, "\(quiet.errors)")
        #expect(!quiet.opened, "kazu say 300 listed every voice")
        let named = try data.opensWatchedFile(["say", "--voice", "ja+f1", "--wav", "-", "300"])
        #expect(named.status == 0, "\(named.errors)")
        #expect(named.opened, "the voices were not listed to check --voice (or the watch sees nothing)")
    }
}

/// espeak-ng's data directory as links to the installed one, plus `voices/watched`, a voice
/// file no other process reads.
private struct LinkedEspeakData {
    let directory: TemporaryDirectory
    var watched: String { "\(directory.path)/espeak-ng-data/voices/watched" }

    init() throws {
        directory = try TemporaryDirectory("kazu-espeak-data")
        let version = try KazuProcess.run(["--version"], executable: "/usr/bin/espeak-ng").output
        // "eSpeak NG text-to-speech: 1.51  Data at: /usr/lib/x86_64-linux-gnu/espeak-ng-data"
        let installed = try #require(version.components(separatedBy: "Data at: ").last?
            .trimmingCharacters(in: .whitespacesAndNewlines))
        let files = FileManager.default
        let copy = "\(directory.path)/espeak-ng-data"
        try files.createDirectory(atPath: "\(copy)/voices", withIntermediateDirectories: true)
        for entry in try files.contentsOfDirectory(atPath: installed) where entry != "voices" {
            try files.createSymbolicLink(atPath: "\(copy)/\(entry)", withDestinationPath: "\(installed)/\(entry)")
        }
        for entry in try files.contentsOfDirectory(atPath: "\(installed)/voices") {
            try files.createSymbolicLink(atPath: "\(copy)/voices/\(entry)", withDestinationPath: "\(installed)/voices/\(entry)")
        }
        try "name Watched\nlanguage zz\n".write(toFile: watched, atomically: true, encoding: .utf8)
    }

    /// Runs kazu on this data; `opened` is whether anything opened the watched voice file meanwhile.
    func opensWatchedFile(_ arguments: [String]) throws -> (status: Int32, errors: String, opened: Bool) {
        let watch = inotify_init1(O_NONBLOCK)
        try #require(watch >= 0)
        defer { close(watch) }
        try #require(inotify_add_watch(watch, watched, UInt32(IN_OPEN)) >= 0)
        let result = try KazuProcess.run(arguments, environment: ["ESPEAK_DATA_PATH": directory.path])
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(watch, &buffer, buffer.count)
        return (result.status, result.errors, count > 0)
    }
}
