import CMainLoop
import KazuCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// A synchronous main with a loop of kazu's own on the main thread, not the async main's
// `dispatch_main`: that parks the main thread in `sigsuspend` with every signal let through,
// where SIGINT, SIGTERM, SIGHUP and SIGQUIT would either end kazu unsaved or run a handler
// on a thread AddressSanitizer has forgotten. Here the main thread keeps them blocked like
// every other (``KazuCommandLine/takeSignals()``, before any thread starts), and runs the
// main queue: libdispatch writes to its eventfd when there is work, and the loop drains it,
// as Foundation's RunLoop does on Linux. Nothing may call `dispatch_main` after this.
KazuCommandLine.takeSignals()
let mainQueue = _dispatch_get_main_queue_handle_4CF()
// The program, on the main actor; it exits the process with its status when done.
Task { @MainActor in await KazuCommandLine.main() }
var wakeUp = pollfd(fd: mainQueue, events: Int16(POLLIN), revents: 0)
while true {
    if poll(&wakeUp, 1, -1) == 1 {
        var wakeUps: eventfd_t = 0
        _ = eventfd_read(mainQueue, &wakeUps)
    }
    _dispatch_main_queue_callback_4CF(nil)
}
