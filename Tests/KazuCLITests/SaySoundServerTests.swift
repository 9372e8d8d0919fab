import Foundation
import Glibc
import KazuTestSupport
import Synchronization
import Testing

/// Who reaches the sound server when kazu speaks: the player, with the environment kazu was
/// started with, and nothing else. espeak-ng opens an audio device of its own when it starts;
/// `kazu` steers it away from the server, which would otherwise cost a connection before the
/// first sample.
@Suite("kazu say: what reaches the sound server")
struct SaySoundServerTests {
    @Test("the player gets the user's PULSE_SERVER (or none) and plays; espeak-ng's own device never connects")
    func onlyThePlayerConnects() throws {
        let directory = try TemporaryDirectory("kazu-server")
        // A player (named paplay) that notes the server it was given and keeps what it is fed.
        let player = "\(directory.path)/paplay"
        try "#!/bin/sh\nprintf '%s' \"$PULSE_SERVER\" > \(directory.path)/server\nexec cat > \(directory.path)/fed.raw\n"
            .write(toFile: player, atomically: true, encoding: .utf8)
        chmod(player, 0o755)
        let server = try CountingSocket(path: "\(directory.path)/native")

        let given = try KazuProcess.run(["say", "--player", player, "300"], environment: ["PULSE_SERVER": "unix:\(server.path)"])
        #expect(given.status == 0, "\(given.errors)")
        #expect(try String(contentsOfFile: "\(directory.path)/server", encoding: .utf8) == "unix:\(server.path)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(directory.path)/fed.raw")).count > 10_000)
        #expect(server.stop() == 0, "something in kazu connected to the sound server")

        // Without PULSE_SERVER of the user's own, the player gets none either.
        if ProcessInfo.processInfo.environment["PULSE_SERVER"] == nil {
            let unset = try KazuProcess.run(["say", "--player", player, "300"])
            #expect(unset.status == 0, "\(unset.errors)")
            #expect(try String(contentsOfFile: "\(directory.path)/server", encoding: .utf8) == "")
        }
    }
}

/// A Unix socket that accepts every connection and closes it at once (a client then fails
/// instead of waiting for a reply), counting them.
private final class CountingSocket: Sendable {
    let path: String
    private let fd: Int32
    private let state = Mutex((stopped: false, connections: 0))
    private let done = DispatchSemaphore(value: 0)

    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            bytes.copyBytes(from: path.utf8.prefix(bytes.count - 1))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(fd >= 0 && bound == 0 && listen(fd, 16) == 0)
        _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        let thread = Thread { [self] in
            while !state.withLock({ $0.stopped }) {
                let client = accept(fd, nil, nil)
                if client >= 0 {
                    close(client)
                    state.withLock { $0.connections += 1 }
                } else {
                    usleep(2_000)
                }
            }
            done.signal()
        }
        thread.start()
    }

    /// Stops accepting; how many connections came.
    func stop() -> Int {
        state.withLock { $0.stopped = true }
        done.wait()
        close(fd)
        return state.withLock { $0.connections }
    }
}
