#ifndef KAZU_CESPEAKNG_SHIM_H
#define KAZU_CESPEAKNG_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <espeak-ng/speak_lib.h>
// espeak_ng.h: initialisation that reports errors as status codes instead of printing them.
#include <espeak-ng/espeak_ng.h>

// libespeak-ng is not linked (module.modulemap has no `link`): SpeechEspeak opens it with
// dlopen the first time something is synthesised, so a process that never speaks never loads
// it, nor what it links (libpcaudio's PulseAudio, ALSA, X11, D-Bus, systemd and codecs).
// The headers above give the types; these are the functions SpeechEspeak calls, as pointers
// typed from their declarations and filled from the library by kazu_espeak_resolve.
#define KAZU_ESPEAK_FUNCTIONS(F) \
    F(espeak_ng_InitializePath) \
    F(espeak_ng_Initialize) \
    F(espeak_ng_ClearErrorContext) \
    F(espeak_ng_InitializeOutput) \
    F(espeak_ng_GetSampleRate) \
    F(espeak_ng_GetStatusCodeMessage) \
    F(espeak_SetSynthCallback) \
    F(espeak_SetParameter) \
    F(espeak_SetVoiceByName) \
    F(espeak_ListVoices) \
    F(espeak_Info) \
    F(espeak_Synth)

#define KAZU_ESPEAK_FIELD(name) __typeof__(name) *_Nonnull name;
typedef struct KazuEspeakFunctions {
    KAZU_ESPEAK_FUNCTIONS(KAZU_ESPEAK_FIELD)
} KazuEspeakFunctions;
#undef KAZU_ESPEAK_FIELD

/// Fills `functions` from `library`, a handle from dlopen. Returns NULL when every function
/// was found, else the name of the first one missing (and `functions` is not to be used).
static inline const char *_Nullable kazu_espeak_resolve(void *_Nonnull library,
                                                        KazuEspeakFunctions *_Nonnull functions) {
#define KAZU_ESPEAK_RESOLVE(name) \
    if (!(functions->name = (__typeof__(name) *)dlsym(library, #name))) return #name;
    KAZU_ESPEAK_FUNCTIONS(KAZU_ESPEAK_RESOLVE)
#undef KAZU_ESPEAK_RESOLVE
    return NULL;
}

// Not espeak's: the one C declaration the player's spawn needs, here because SpeechEspeak has
// no other C module. Glibc (2.34 and later) declares it only for _GNU_SOURCE, which Swift's
// Glibc module is not built with; elsewhere the player keeps what it inherits.
#include <spawn.h>
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *_Nonnull actions, int from);
static inline int kazu_spawn_close_from(posix_spawn_file_actions_t *_Nonnull actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
#else
static inline int kazu_spawn_close_from(posix_spawn_file_actions_t *_Nonnull actions, int from) {
    (void)actions; (void)from;
    return 0;
}
#endif
#endif
