import Foundation
import KazuTestSupport
import Testing

/// How the built `kazu` takes SIGINT, SIGTERM and SIGHUP: blocked in every thread and read
/// by a thread of their own, never by a handler (a handler runs on whichever thread the
/// kernel picks, where AddressSanitizer may not follow); players it starts get them as
/// any program does.
@Suite("kazu takes signals without a handler", .serialized)
struct SignalTakingTests {
    static let taken = [SIGINT, SIGTERM, SIGHUP]

    /// The signals of `taken` that the mask `field` (SigBlk, SigIgn, SigCgt) holds, in the
    /// `/proc` status text `status`.
    static func takenSignals(in field: String, of status: String) throws -> [Int32] {
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(field + ":") }, "no \(field) in \(status)")
        let mask = try #require(UInt64(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16))
        return taken.filter { mask & (1 << UInt64($0 - 1)) != 0 }
    }

    /// Every thread of a running session blocks the three, and none has a handler for them;
    /// the session still ends on each as it always did, saved.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func everyThreadBlocksTheSignalsAndNoneCatchesThem(signal: Int32, status: Int32) throws {
        let (home, environment) = try temporaryKazuHome("kazu-signals")
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "--infinite", "--no-audio"], environment: environment)
        let question = try dialog.readLine(containing: "[#1]")
        try dialog.send(try answer(toReadingLine: question))
        try dialog.readLine(containing: "[#2]")
        let tasks = "/proc/\(dialog.processIdentifier)/task"
        let threads = try FileManager.default.contentsOfDirectory(atPath: tasks)
        #expect(threads.count > 1, "the session runs more than the main thread: \(threads)")
        for thread in threads {
            // A thread that ended since the listing has no status left to read.
            guard let threadStatus = try? String(contentsOfFile: "\(tasks)/\(thread)/status", encoding: .utf8) else { continue }
            let name = threadStatus.split(separator: "\n").first ?? ""
            #expect(try Self.takenSignals(in: "SigBlk", of: threadStatus) == Self.taken, "thread \(thread) (\(name)) lets some through")
            #expect(try Self.takenSignals(in: "SigCgt", of: threadStatus).isEmpty, "thread \(thread) (\(name)) has a handler")
        }
        dialog.signal(signal)
        try dialog.readLine(containing: "summary: 1/1")
        #expect(try dialog.waitForExit() == status)
        #expect(historyLines(in: home.path).count == 1)
    }

    /// Started with SIGHUP ignored (as `nohup` starts it): the session still ends on SIGHUP,
    /// saved, and the player it starts gets all three as any program does (none blocked, none
    /// ignored), so that it ends when one is sent to it.
    @Test func aPlayerGetsTheSignalsAsAnyProgramDoes() throws {
        let (home, environment) = try temporaryKazuHome("kazu-signals")
        let player = home.path + "/bin/paplay"
        try FileManager.default.createDirectory(atPath: home.path + "/bin", withIntermediateDirectories: true)
        // A player (named paplay, as kazu picks them by name) that writes down its own signal
        // state with the shell's built-ins (a child would show the shell's mask as it waits),
        // then takes the sound.
        let script = """
            #!/bin/sh
            while read -r line; do case $line in Sig*) echo "$line";; esac; done < /proc/$$/status > \(home.path)/player.tmp
            mv \(home.path)/player.tmp \(home.path)/player
            exec cat > /dev/null

            """
        try script.write(toFile: player, atomically: true, encoding: .utf8)
        chmod(player, 0o755)
        let dialog = try KazuDialog(["-c", #"trap '' HUP; exec "$0" quiz number.1-10 -s listening --infinite"#,
                                     KazuProcess.executablePath],
                                    environment: environment.merging(["KAZU_PLAYER": player]) { $1 }, executable: "/bin/sh")
        try dialog.readLine(containing: "[#1]")
        let deadline = ContinuousClock.now.advanced(by: .seconds(15))
        while !FileManager.default.fileExists(atPath: home.path + "/player") && ContinuousClock.now < deadline { usleep(10_000) }
        let playerStatus = try String(contentsOfFile: home.path + "/player", encoding: .utf8)
        #expect(try Self.takenSignals(in: "SigBlk", of: playerStatus).isEmpty, "\(playerStatus)")
        #expect(try Self.takenSignals(in: "SigIgn", of: playerStatus).isEmpty, "\(playerStatus)")
        // SIGHUP, left ignored by the parent (as `nohup` does), stays ignored: the quiz goes on.
        dialog.signal(SIGHUP)
        try dialog.send(":a")
        try dialog.send("")
        try dialog.readLine(containing: "[#2]")
        dialog.signal(SIGINT)
        #expect(try dialog.waitForExit() == 130)
    }

    /// Ctrl-C while kazu waits at the menu's prompt (the main thread held in a read, before
    /// any session): kazu ends at once, as the signal ends any program, though its parent
    /// started it with SIGINT blocked (Foundation's `Process`, here, does).
    @Test func ctrlCAtTheMenusPromptEndsKazuAtOnce() throws {
        let (_, environment) = try temporaryKazuHome("kazu-signals")
        let dialog = try KazuDialog(["script", "-qec", KazuProcess.executablePath, "/dev/null"],
                                    environment: environment.merging(["KAZU_PLAYER": "none", "TERM": "xterm"]) { $1 },
                                    executable: "/usr/bin/env")
        try dialog.readLine(containing: "Pick a topic by number or id")
        try dialog.readLine(containing: "1. ")
        try dialog.type([0x03])    // Ctrl-C
        #expect(try dialog.waitForExit(timeout: .seconds(5)) == 130)
    }
}
