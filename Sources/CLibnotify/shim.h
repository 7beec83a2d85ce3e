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

/// Asks the bus to start the owner of `name` (StartServiceByName: D-Bus activation from a
/// .service file), without waiting: `callback` runs on the calling thread's main context
/// and reads the outcome with quickdo_start_service_finish.
static inline void quickdo_start_service(
    const char *name, int timeout_ms, GAsyncReadyCallback callback, gpointer user_data) {
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
  if (bus == NULL) return;
  g_dbus_connection_call(
      bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
      "StartServiceByName", g_variant_new("(su)", name, 0), G_VARIANT_TYPE("(u)"),
      G_DBUS_CALL_FLAGS_NONE, timeout_ms, NULL, callback, user_data);
  g_object_unref(bus);
}

/// 0: the owner was started (or was already running); 1: nothing on the bus can start it
/// (no .service file); 2: starting it failed, `*message` says why (free with g_free).
static inline int quickdo_start_service_finish(
    GObject *source, GAsyncResult *result, char **message) {
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &error);
  if (reply != NULL) {
    g_variant_unref(reply);
    return 0;
  }
  int unknown = g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN);
  g_dbus_error_strip_remote_error(error);
  *message = g_strdup(error->message);
  g_error_free(error);
  return unknown ? 1 : 2;
}
