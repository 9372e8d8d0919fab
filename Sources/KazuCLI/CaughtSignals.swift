import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP caught from the moment they are installed until the process
/// exits, and handed to the main queue one at a time, none lost.
///
/// ```swift
/// let signals = CaughtSignals.install { number in end(status: ExitCode(128 + number)) }
/// // keep `signals` for as long as they should be handled
/// ```
///
/// A handler of their own writes each signal's number to a pipe, and the main queue reads
/// the pipe: whichever thread the kernel picks runs the handler, so no signal is dropped
/// by a thread that ignores it, or by a source not yet listening.
final class CaughtSignals {
    static let numbers = [SIGINT, SIGTERM, SIGHUP]

    private let source: DispatchSourceRead

    private init(source: DispatchSourceRead) {
        self.source = source
    }

    /// A signal caught that the main queue has not come to yet, taken now: for an ending that
    /// may have come with one (input ends as a terminal closes, or on Ctrl-C then Ctrl-D).
    @MainActor
    func takePending() -> Int32? {
        var number: UInt8 = 0
        return read(signalPipe.read, &number, 1) == 1 ? Int32(number) : nil
    }

    /// Installs the handler and calls `received` on the main queue with each signal caught.
    @MainActor
    static func install(_ received: @escaping @MainActor (Int32) -> Void) -> CaughtSignals {
        let pipe = signalPipe
        let source = DispatchSource.makeReadSource(fileDescriptor: pipe.read, queue: .main)
        source.setEventHandler {
            MainActor.assumeIsolated {
                var number: UInt8 = 0
                while read(pipe.read, &number, 1) == 1 { received(Int32(number)) }
            }
        }
        source.resume()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            let saved = errno
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(signalPipe.write, &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for number in numbers { sigaction(number, &action, nil) }
        // A parent may have started kazu with these blocked (Foundation's Process does).
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in numbers { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        return CaughtSignals(source: source)
    }
}

/// The pipe from the signal handler to the main queue, made before the handler is installed.
/// Neither end waits: a full pipe (thousands of signals unread) drops the newest, and the
/// main queue reads until it is empty.
private let signalPipe: (read: Int32, write: Int32) = {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { fatalError("cannot make a pipe for signals: \(String(cString: strerror(errno)))") }
    for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    return (ends[0], ends[1])
}()
