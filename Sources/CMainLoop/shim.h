#ifndef KAZU_CMAINLOOP_SHIM_H
#define KAZU_CMAINLOOP_SHIM_H
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>

// libdispatch's hooks for a run loop that owns the main thread (swift-corelibs-libdispatch,
// private/private.h; Foundation's RunLoop uses them on Linux). Exported by libdispatch.so but
// not declared by the Dispatch module. On Linux the handle is an eventfd that libdispatch
// writes to when the main queue has work; whoever polls it reads it, then drains the queue.
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *_Null_unspecified message);
#endif
