// libnotify and GIO for Swift, plus wrappers for what Swift cannot call: GLib macros.
#include <libnotify/notify.h>
#include <gio/gio.h>

/// g_signal_connect is a macro; this connects a notification's "closed" signal.
static inline gulong quickdo_connect_closed(
    NotifyNotification *notification, void (*callback)(NotifyNotification *, gpointer),
    gpointer user_data) {
  return g_signal_connect(notification, "closed", G_CALLBACK(callback), user_data);
}

/// g_object_unref takes a gpointer; a typed wrapper keeps Swift's call sites plain.
static inline void quickdo_notification_unref(NotifyNotification *notification) {
  g_object_unref(notification);
}
