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

/// Calls `callback` (on the calling thread's main context) when the session bus connection
/// closes: the bus went away, and with it the desktop session. GDBus would otherwise raise
/// SIGTERM on its own. The reference taken here keeps the shared connection for the
/// process's life.
static inline void quickdo_watch_session_bus(void (*callback)(void *), void *user_data) {
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
  if (bus == NULL) {
    callback(user_data);
    return;
  }
  g_dbus_connection_set_exit_on_close(bus, FALSE);
  g_signal_connect_swapped(bus, "closed", G_CALLBACK(callback), user_data);
}

/// Asks the bus to start the owner of `name` (StartServiceByName: D-Bus activation from a
/// .service file), without waiting: `callback` runs on the calling thread's main context
/// and reads the outcome with quickdo_start_service_finish.
static inline void quickdo_start_service(
    const char *name, int timeout_ms, GAsyncReadyCallback callback, gpointer user_data) {
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
  if (bus == NULL) return;
  // (su) built from its parts: g_variant_new's variable arguments cannot be passed on by
  // the stand-in that loads GLib on first use (Sources/CLoadOnUse).
  GVariant *arguments[] = {g_variant_new_string(name), g_variant_new_uint32(0)};
  g_dbus_connection_call(
      bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
      "StartServiceByName", g_variant_new_tuple(arguments, 2), G_VARIANT_TYPE("(u)"),
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

/// What quickdo_watch_presses passes on: the press's sender (the server's unique bus name),
/// its notification id, its action key, and for a reply typed into a notification (KDE's
/// NotificationReplied) the text, with the key NULL. Runs on GDBus's own message thread.
typedef void (*QuickdoPressCallback)(
    const char *sender, guint32 id, const char *key, const char *reply, void *data);

static inline GDBusMessage *quickdo_press_filter(
    GDBusConnection *connection, GDBusMessage *message, gboolean incoming, gpointer data) {
  (void)connection;
  if (!incoming || g_dbus_message_get_message_type(message) != G_DBUS_MESSAGE_TYPE_SIGNAL
      || g_strcmp0(g_dbus_message_get_interface(message), "org.freedesktop.Notifications") != 0
      || g_strcmp0(g_dbus_message_get_signature(message), "us") != 0) {
    return message;
  }
  int press = g_strcmp0(g_dbus_message_get_member(message), "ActionInvoked") == 0;
  int reply = g_strcmp0(g_dbus_message_get_member(message), "NotificationReplied") == 0;
  if (press || reply) {
    GVariant *body = g_dbus_message_get_body(message);
    GVariant *id = g_variant_get_child_value(body, 0);
    GVariant *text = g_variant_get_child_value(body, 1);
    void **callback = data;
    const char *string = g_variant_get_string(text, NULL);
    ((QuickdoPressCallback)callback[0])(
        g_dbus_message_get_sender(message), g_variant_get_uint32(id), press ? string : NULL,
        reply ? string : NULL, callback[1]);
    g_variant_unref(id);
    g_variant_unref(text);
  }
  return message;
}

/// Calls `callback` for every ActionInvoked and NotificationReplied signal the session bus
/// brings, on GDBus's own message thread, as the message arrives: before the signal reaches
/// any main context (libnotify's), so a press reaches the store without waiting for the
/// thread that runs libnotify. The message goes on unchanged. Set once; kept for the process's life.
static inline void quickdo_watch_presses(QuickdoPressCallback callback, void *user_data) {
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
  if (bus == NULL) return;
  static void *data[2];
  data[0] = (void *)callback;
  data[1] = user_data;
  g_dbus_connection_add_filter(bus, quickdo_press_filter, data, NULL);
}

/// The id the server gave a shown notification (libnotify's "id" property), 0 before.
static inline guint32 quickdo_notification_id(NotifyNotification *notification) {
  GValue value = G_VALUE_INIT;
  g_value_init(&value, G_TYPE_INT);
  g_object_get_property((GObject *)notification, "id", &value);
  guint32 id = (guint32)g_value_get_int(&value);
  g_value_unset(&value);
  return id;
}
