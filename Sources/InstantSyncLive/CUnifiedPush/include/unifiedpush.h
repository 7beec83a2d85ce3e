// The agent as a UnifiedPush connector (D-Bus spec 2: org.unifiedpush.Connector2 and
// Distributor2), over the session bus connection libnotify shares. Calls made here block
// (each with a deadline) and are made off the main thread; what the bus brings arrives on
// GDBus's own message thread through a filter, as presses do. No GLib type crosses this
// header, so the Swift side needs none of GLib's headers.
#include <stddef.h>

/// What the bus brought: kind 0 NewEndpoint (text: the endpoint), 1 Message (bytes),
/// 2 Unregistered, 3 a distributor's name got an owner, 4 lost it (text: the name).
/// `sender` is the caller's unique name (for 0–2). Runs on GDBus's message thread.
typedef void (*QuickdoPushCallback)(
    int kind, const char *sender, const char *token, const char *text, const unsigned char *bytes,
    size_t length, void *data);

/// Owns `name` and starts passing the bus's connector calls and distributors' comings and
/// goings to `callback`. 0: done; 1: another process owns the name; 2: no bus (`*reason`).
int quickdo_up_start(const char *name, QuickdoPushCallback callback, void *user_data, char **reason);

/// The distributors on the bus, one name per line (free with quickdo_up_free), or NULL.
char *quickdo_up_distributors(void);

/// The unique name that owns `name` now (free with quickdo_up_free), or NULL.
char *quickdo_up_owner(const char *name);

/// Distributor2.Register. 0: registered (NewEndpoint follows); 1: refused or failed,
/// `*reason` says why (free with quickdo_up_free).
int quickdo_up_register(
    const char *distributor, const char *service, const char *token, const char *description,
    char **reason);

/// Distributor2.Unregister; its outcome does not matter.
void quickdo_up_unregister(const char *distributor, const char *token);

/// Frees a string the functions above return.
void quickdo_up_free(void *pointer);
