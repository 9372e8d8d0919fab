import CMainLoop
import Dispatch
import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT taken by a session from the moment it installs them
/// until the process exits, and handed to the main queue one at a time, none lost.
///
/// ```swift
/// let signals = CaughtSignals.install { number in end(status: ExitCode(128 + number)) }
/// // keep `signals` for as long as they should be handled
/// ```
///
/// No handler is installed. `kazu` blocks the four in every thread and a thread of their own
/// reads them from a signalfd (``KazuCommandLine/takeSignals()``): before a session installs,
/// a signal ends kazu as it ends any program; after, its number goes through a pipe to the
/// main queue. A process that never took them (a test running a session in process) gets
/// none, and its own signal handling is left as it was.
final class CaughtSignals {
    static let numbers = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

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

    /// Calls `received` on the main queue with each signal taken from now on.
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
        sessionTakesSignals.withLock { $0 = true }
        return CaughtSignals(source: source)
    }

    /// The four as a set, for the mask and the signalfd.
    fileprivate static var set: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        return set
    }

    /// What the thread taking the signals does with each: the session's, once one installed;
    /// else what the signal would have done to a process that does not catch it.
    fileprivate static func take(_ number: Int32) {
        // One the parent left ignored (`nohup`, a background job) stays ignored. A process
        // starts with each signal ignored or default, and kazu installs no handler for these,
        // so any handler found is "ignored".
        var disposition = sigaction()
        if sigaction(number, nil, &disposition) == 0, disposition.__sigaction_handler.sa_handler != nil { return }
        if sessionTakesSignals.withLock({ $0 }) {
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(signalPipe.write, &byte, 1)
            return
        }
        // Raised at this thread with the signal let through here: the default ends the process.
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        pthread_sigmask(SIG_BLOCK, &only, nil)
    }
}

extension KazuCommandLine {
    /// Blocks SIGINT, SIGTERM, SIGHUP and SIGQUIT in the calling thread and starts a thread
    /// that takes them from a signalfd, for ``CaughtSignals``. `kazu`'s `main` calls it first,
    /// before any other thread starts, so that every thread inherits the mask: with no thread
    /// letting them through and no handler, a signal never interrupts a thread, and no code
    /// runs on a thread the kernel picks (where AddressSanitizer may not follow).
    ///
    /// A parent that started kazu with them blocked (Foundation's `Process` does) changes
    /// nothing: blocked is how the signalfd takes them.
    public static func takeSignals() {
        // Swift's crash reporter has a handler on SIGQUIT (Ctrl-\) that prints a backtrace and
        // lets the program go on. kazu takes SIGQUIT as it takes the others, so it goes back to
        // the default first, unless the parent left it ignored (then the reporter left it too).
        if !startedIgnored(SIGQUIT) { signal(SIGQUIT, SIG_DFL) }
        var blocked = CaughtSignals.set
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let descriptor = signalfd(-1, &blocked, Int32(SFD_CLOEXEC))
        guard descriptor >= 0 else { fatalError("cannot make a signalfd: \(String(cString: strerror(errno)))") }
        startDetachedThread {
            var info = signalfd_siginfo()
            let size = MemoryLayout<signalfd_siginfo>.size
            while true {
                if read(descriptor, &info, size) == size {
                    CaughtSignals.take(Int32(info.ssi_signo))
                } else if errno != EINTR {
                    fatalError("cannot read the signalfd: \(String(cString: strerror(errno)))")
                }
            }
        }
    }
}

/// Whether the parent left `number` ignored, from the kernel's own list (`SigIgn` in
/// /proc/self/status): `sigaction` shows a handler, ignored or not, only as a pointer.
private func startedIgnored(_ number: Int32) -> Bool {
    let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 8192)
    let count = read(descriptor, &bytes, bytes.count)
    guard count > 0 else { return false }
    let status = String(decoding: bytes[..<count], as: UTF8.self)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigIgn:") }),
          let mask = UInt64(line.dropFirst("SigIgn:".count).drop { $0 == "\t" || $0 == " " }, radix: 16)
    else { return false }
    return mask & (1 << UInt64(number - 1)) != 0
}

/// Whether a session has installed ``CaughtSignals``: from then on the signals are its.
private let sessionTakesSignals = PthreadLocked(false)

/// The pipe from the thread taking the signals to the main queue. Neither end waits: a full
/// pipe (thousands of signals unread) drops the newest, and the main queue reads until it is
/// empty.
private let signalPipe: (read: Int32, write: Int32) = {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { fatalError("cannot make a pipe for signals: \(String(cString: strerror(errno)))") }
    for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    return (ends[0], ends[1])
}()
