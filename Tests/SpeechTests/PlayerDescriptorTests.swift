import Foundation
@testable import SpeechEspeak
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("A player's descriptors")
struct PlayerDescriptorTests {
    // A descriptor made without close-on-exec while a player starts (a pipe Foundation's
    // `Process` makes, a lock) stayed open in the player as long as it ran: a test's kazu
    // was never seen to exit while a player of another test held its exit socket.
    @Test("a player holds none of kazu's descriptors but its standard input, output and error")
    func aPlayerHoldsNothingElse() async throws {
        let stray = dup(STDERR_FILENO)
        #expect(stray > 2)
        defer { close(stray) }
        let listing = FileManager.default.temporaryDirectory.appendingPathComponent("kazu-player-fds-\(UUID())")
        defer { try? FileManager.default.removeItem(at: listing) }
        let player = try PlayerProcess(
            executable: "/bin/sh", arguments: ["-c", "ls /proc/$$/fd > '\(listing.path)'"], environment: [:])
        let outcome = await player.finish()
        #expect(outcome.status == 0)
        let open = try String(contentsOf: listing, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!open.contains(String(stray)), "the player held \(open)")
        #expect(Set(open).isSuperset(of: ["0", "1", "2"]))
    }
}
