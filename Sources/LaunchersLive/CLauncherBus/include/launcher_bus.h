// The agent's answers to the launchers (KRunner's org.kde.krunner1 and GNOME Shell's
// org.gnome.Shell.SearchProvider2), over the session bus connection libnotify shares. A
// call arrives on GDBus's message thread through a filter, as presses do, and is answered
// from any thread with one of the reply functions, which each free the call. No GLib type
// crosses this header, so the Swift side needs none of GLib's headers.
#include <stddef.h>

/// The methods passed on, and their arguments as strings:
/// 0 Match (query), 1 Run (match id, action id), 2 Actions (none),
/// 10 GetInitialResultSet (terms), 11 GetSubsearchResultSet (the new terms),
/// 12 GetResultMetas (ids), 13 ActivateResult (id, then the terms), 14 LaunchSearch (terms).
/// `call` is answered with exactly one reply function.
typedef void (*QuickdoLauncherCallback)(
    int method, const char *const *arguments, size_t count, void *call, void *data);

/// The most strings one call passes on; the rest are not read.
#define QUICKDO_LAUNCHER_MAX_ARGUMENTS 64

/// Owns `name` and starts passing the launchers' calls on `runner_path` and
/// `provider_path` to `callback`. 0: done; 1: another process owns the name; 2: no bus
/// (`*reason`, free with quickdo_launcher_free).
int quickdo_launcher_start(
    const char *name, const char *runner_path, const char *provider_path,
    QuickdoLauncherCallback callback, void *data, char **reason);

/// Match's answer, a(sssida{sv}): each match's id, text, subtext, type and relevance, and
/// whether it offers the runner's actions.
void quickdo_launcher_reply_matches(
    void *call, size_t count, const char *const *ids, const char *const *texts,
    const char *const *subtexts, const int *types, const double *relevances, const int *with_actions,
    const char *icon);

/// Actions' answer, a(sss): id, text, icon name.
void quickdo_launcher_reply_actions(
    void *call, size_t count, const char *const *ids, const char *const *texts, const char *const *icons);

/// A result set's answer, (as).
void quickdo_launcher_reply_strings(void *call, size_t count, const char *const *strings);

/// GetResultMetas' answer, (aa{sv}): id, name, description, and the themed icon's name.
void quickdo_launcher_reply_metas(
    void *call, size_t count, const char *const *ids, const char *const *names,
    const char *const *descriptions, const char *icon);

/// The empty answer of Run, ActivateResult and LaunchSearch.
void quickdo_launcher_reply_empty(void *call);

/// Frees a string the functions above return.
void quickdo_launcher_free(void *pointer);
