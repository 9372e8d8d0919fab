#ifndef KAZU_CESPEAKNG_SHIM_H
#define KAZU_CESPEAKNG_SHIM_H
#include <espeak-ng/speak_lib.h>
#endif
