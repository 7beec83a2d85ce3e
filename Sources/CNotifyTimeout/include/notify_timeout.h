// A time limit on libnotify's D-Bus calls.
//
// libnotify makes every call (Notify, CloseNotification, GetCapabilities) synchronously with
// D-Bus's default timeout of 25 seconds and keeps its proxy private, so a hung notification
// server would stall the presenter's thread for 25 s per call. This sets the default
// timeout of the org.freedesktop.Notifications proxy libnotify creates.
#ifndef QUICKDO_NOTIFY_TIMEOUT_H
#define QUICKDO_NOTIFY_TIMEOUT_H

/// Installs the hook that applies the limit to the notification proxy when libnotify creates
/// it. Call once, before the first libnotify call.
void quickdo_notify_timeout_install(void);

/// Sets the limit, in milliseconds, for calls from now on (-1: D-Bus's default).
void quickdo_notify_timeout_set(int milliseconds);

/// Whether `error` (a GError *) is a D-Bus call that ran out of time.
int quickdo_notify_error_is_timeout(const void *error);

#endif
