// A notification server's Do Not Disturb switch, read and followed over the session bus
// connection libnotify shares, or through GSettings. Used on the presenter's GLib thread,
// whose main context delivers the change callbacks. No GLib type crosses this header.
#ifndef QUICKDO_DND_SWITCH_H
#define QUICKDO_DND_SWITCH_H

/// How the switch is kept (NotificationClient's `DoNotDisturbSwitch`).
typedef enum {
  /// A boolean property (`first` service, `second` path, `third` interface, `fourth` name),
  /// followed through PropertiesChanged.
  QUICKDO_DND_PROPERTY = 0,
  /// A method answering a boolean (the same four), followed through the signal `signal`
  /// of the interface on the path (any of its signals when `signal` is empty).
  QUICKDO_DND_METHOD = 1,
  /// mako's modes: on while `first` is among them; not followed.
  QUICKDO_DND_MAKO_MODE = 2,
  /// A GSettings key (`first` schema, `second` key), on when it is `on_when`; followed.
  QUICKDO_DND_SETTING = 3,
  /// An xfconf property (`first` channel, `second` property), followed through
  /// PropertyChanged.
  QUICKDO_DND_XFCONF = 4,
} QuickdoDndKind;

typedef struct QuickdoDndWatch QuickdoDndWatch;

/// Starts following a switch: `changed` is called (on the calling thread's main context)
/// each time it may have changed. Never NULL.
QuickdoDndWatch *quickdo_dnd_watch_new(
    QuickdoDndKind kind, const char *first, const char *second, const char *third,
    const char *fourth, const char *signal, int on_when, void (*changed)(void *data), void *data);

/// Reads the switch now, waiting at most `timeout_ms` for the server: 1 on, 0 off, -1
/// unreadable. With -1, `*problem` (free with quickdo_dnd_free) says why when the answer
/// was there but was not a switch (a wrong type, garbage), and is NULL when there is none
/// to read (no such service, schema or property: the switch was never set).
int quickdo_dnd_watch_read(QuickdoDndWatch *watch, int timeout_ms, char **problem);

/// Stops following and frees the watch.
void quickdo_dnd_watch_free(QuickdoDndWatch *watch);

void quickdo_dnd_free(char *text);

#endif
