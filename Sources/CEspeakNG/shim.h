#ifndef KAZU_CESPEAKNG_SHIM_H
#define KAZU_CESPEAKNG_SHIM_H
#include <espeak-ng/speak_lib.h>
// espeak_ng.h: initialisation that reports errors as status codes instead of printing them.
#include <espeak-ng/espeak_ng.h>
#endif
