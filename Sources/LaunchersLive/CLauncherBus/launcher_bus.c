// The GDBus half of the launchers' service: see include/launcher_bus.h.
#include <gio/gio.h>
#include <stdlib.h>

#include "launcher_bus.h"

/// Set once by quickdo_launcher_start, for the process's life, as the filter is.
static struct {
  QuickdoLauncherCallback callback;
  void *data;
  char *runner_path;
  char *provider_path;
  GDBusConnection *bus;
} launcher;

/// Which method `member` with `signature` is on a path: its number, or -1.
static int quickdo_launcher_method(int runner, const char *interface, const char *member, const char *signature) {
  static const struct { int runner; const char *interface, *member, *signature; int method; } methods[] = {
      {1, "org.kde.krunner1", "Match", "s", 0},
      {1, "org.kde.krunner1", "Run", "ss", 1},
      {1, "org.kde.krunner1", "Actions", "", 2},
      {1, "org.kde.krunner1", "Teardown", "", 3},
      {1, "org.kde.krunner1", "Config", "", 4},
      {0, "org.gnome.Shell.SearchProvider2", "GetInitialResultSet", "as", 10},
      {0, "org.gnome.Shell.SearchProvider2", "GetSubsearchResultSet", "asas", 11},
      {0, "org.gnome.Shell.SearchProvider2", "GetResultMetas", "as", 12},
      {0, "org.gnome.Shell.SearchProvider2", "ActivateResult", "sasu", 13},
      {0, "org.gnome.Shell.SearchProvider2", "LaunchSearch", "asu", 14},
  };
  for (size_t index = 0; index < sizeof methods / sizeof methods[0]; index++) {
    if (methods[index].runner == runner
        && (interface == NULL || g_strcmp0(interface, methods[index].interface) == 0)
        && g_strcmp0(member, methods[index].member) == 0
        && g_strcmp0(signature, methods[index].signature) == 0) {
      return methods[index].method;
    }
  }
  return -1;
}

/// Appends the strings of the array `value` (type as) to `arguments`, up to the cap.
static void quickdo_launcher_strings(GVariant *value, const char **arguments, size_t *count) {
  gsize length = g_variant_n_children(value);
  for (gsize index = 0; index < length && *count < QUICKDO_LAUNCHER_MAX_ARGUMENTS; index++) {
    GVariant *child = g_variant_get_child_value(value, index);
    arguments[(*count)++] = g_variant_get_string(child, NULL);  // the body keeps it alive
    g_variant_unref(child);
  }
}

static void quickdo_launcher_send(GDBusMessage *call, GVariant *body) {
  GDBusMessage *reply = g_dbus_message_new_method_reply(call);
  g_dbus_message_set_body(reply, body);
  g_dbus_connection_send_message(launcher.bus, reply, G_DBUS_SEND_MESSAGE_FLAGS_NONE, NULL, NULL);
  g_object_unref(reply);
  g_object_unref(call);
}

static GDBusMessage *quickdo_launcher_filter(
    GDBusConnection *connection, GDBusMessage *message, gboolean incoming, gpointer data) {
  (void)connection;
  (void)data;
  if (!incoming || g_dbus_message_get_message_type(message) != G_DBUS_MESSAGE_TYPE_METHOD_CALL) return message;
  const char *path = g_dbus_message_get_path(message);
  int runner = g_strcmp0(path, launcher.runner_path) == 0;
  if (!runner && g_strcmp0(path, launcher.provider_path) != 0) return message;
  const char *signature = g_dbus_message_get_signature(message);
  int method = quickdo_launcher_method(
      runner, g_dbus_message_get_interface(message), g_dbus_message_get_member(message),
      signature ? signature : "");
  // Anything else (Introspect, Peer, an unknown method) gets GDBus's own answer.
  if (method < 0) return message;
  if (method == 3) {  // Teardown: nothing is kept between match sessions
    quickdo_launcher_send(message, NULL);
    return NULL;
  }
  if (method == 4) {  // Config: the desktop file says it all
    GVariant *empty = g_variant_new_array(G_VARIANT_TYPE("{sv}"), NULL, 0);
    quickdo_launcher_send(message, g_variant_new_tuple(&empty, 1));
    return NULL;
  }
  const char *arguments[QUICKDO_LAUNCHER_MAX_ARGUMENTS];
  size_t count = 0;
  GVariant *body = g_dbus_message_get_body(message);
  gsize children = body ? g_variant_n_children(body) : 0;
  for (gsize index = 0; index < children; index++) {
    // GetSubsearchResultSet's previous results are not read: the search runs again.
    if (method == 11 && index == 0) continue;
    GVariant *child = g_variant_get_child_value(body, index);
    if (g_strcmp0(g_variant_get_type_string(child), "s") == 0) {
      if (count < QUICKDO_LAUNCHER_MAX_ARGUMENTS) arguments[count++] = g_variant_get_string(child, NULL);
    } else if (g_strcmp0(g_variant_get_type_string(child), "as") == 0) {
      quickdo_launcher_strings(child, arguments, &count);
    }
    g_variant_unref(child);
  }
  // The message is ours now (a filter that returns NULL owns it): it is the call, kept
  // until its reply.
  launcher.callback(method, arguments, count, message, launcher.data);
  return NULL;
}

int quickdo_launcher_start(
    const char *name, const char *runner_path, const char *provider_path,
    QuickdoLauncherCallback callback, void *data, char **reason) {
  GError *error = NULL;
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
  if (bus == NULL) {
    *reason = g_strdup(error ? error->message : "no session bus");
    if (error) g_error_free(error);
    return 2;
  }
  launcher.callback = callback;
  launcher.data = data;
  launcher.runner_path = g_strdup(runner_path);
  launcher.provider_path = g_strdup(provider_path);
  launcher.bus = bus;  // kept for the process's life
  g_dbus_connection_add_filter(bus, quickdo_launcher_filter, NULL, NULL);
  // DBUS_NAME_FLAG_DO_NOT_QUEUE (4); the answers 1 and 4 are "now the (already) owner".
  GVariant *arguments[] = {g_variant_new_string(name), g_variant_new_uint32(4)};
  GVariant *reply = g_dbus_connection_call_sync(
      bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
      g_variant_new_tuple(arguments, 2), G_VARIANT_TYPE("(u)"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL, &error);
  if (reply == NULL) {
    g_dbus_error_strip_remote_error(error);
    *reason = g_strdup(error->message);
    g_error_free(error);
    return 2;
  }
  GVariant *code = g_variant_get_child_value(reply, 0);
  guint32 result = g_variant_get_uint32(code);
  g_variant_unref(code);
  g_variant_unref(reply);
  return result == 1 || result == 4 ? 0 : 1;
}

static GVariant *quickdo_launcher_entry(const char *key, GVariant *value) {
  return g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value));
}

void quickdo_launcher_reply_matches(
    void *call, size_t count, const char *const *ids, const char *const *texts,
    const char *const *subtexts, const int *types, const double *relevances, const int *with_actions,
    const char *icon) {
  GVariant **matches = malloc(sizeof(GVariant *) * (count ? count : 1));
  for (size_t index = 0; index < count; index++) {
    GVariant *properties[2];
    size_t used = 0;
    properties[used++] = quickdo_launcher_entry("subtext", g_variant_new_string(subtexts[index]));
    // An empty list shows no action buttons; without the key, KRunner shows them all.
    if (!with_actions[index]) properties[used++] = quickdo_launcher_entry("actions", g_variant_new_strv(NULL, 0));
    GVariant *fields[] = {
        g_variant_new_string(ids[index]), g_variant_new_string(texts[index]), g_variant_new_string(icon),
        g_variant_new_int32(types[index]), g_variant_new_double(relevances[index]),
        g_variant_new_array(G_VARIANT_TYPE("{sv}"), properties, used)};
    matches[index] = g_variant_new_tuple(fields, 6);
  }
  GVariant *array = g_variant_new_array(G_VARIANT_TYPE("(sssida{sv})"), matches, count);
  free(matches);
  quickdo_launcher_send(call, g_variant_new_tuple(&array, 1));
}

void quickdo_launcher_reply_actions(
    void *call, size_t count, const char *const *ids, const char *const *texts, const char *const *icons) {
  GVariant **actions = malloc(sizeof(GVariant *) * (count ? count : 1));
  for (size_t index = 0; index < count; index++) {
    GVariant *fields[] = {
        g_variant_new_string(ids[index]), g_variant_new_string(texts[index]), g_variant_new_string(icons[index])};
    actions[index] = g_variant_new_tuple(fields, 3);
  }
  GVariant *array = g_variant_new_array(G_VARIANT_TYPE("(sss)"), actions, count);
  free(actions);
  quickdo_launcher_send(call, g_variant_new_tuple(&array, 1));
}

void quickdo_launcher_reply_strings(void *call, size_t count, const char *const *strings) {
  GVariant *array = g_variant_new_strv(strings, (gssize)count);
  quickdo_launcher_send(call, g_variant_new_tuple(&array, 1));
}

void quickdo_launcher_reply_metas(
    void *call, size_t count, const char *const *ids, const char *const *names,
    const char *const *descriptions, const char *icon) {
  GVariant **metas = malloc(sizeof(GVariant *) * (count ? count : 1));
  for (size_t index = 0; index < count; index++) {
    GVariant *entries[] = {
        quickdo_launcher_entry("id", g_variant_new_string(ids[index])),
        quickdo_launcher_entry("name", g_variant_new_string(names[index])),
        quickdo_launcher_entry("description", g_variant_new_string(descriptions[index])),
        quickdo_launcher_entry("gicon", g_variant_new_string(icon))};
    metas[index] = g_variant_new_array(G_VARIANT_TYPE("{sv}"), entries, 4);
  }
  GVariant *array = g_variant_new_array(G_VARIANT_TYPE("a{sv}"), metas, count);
  free(metas);
  quickdo_launcher_send(call, g_variant_new_tuple(&array, 1));
}

void quickdo_launcher_reply_empty(void *call) { quickdo_launcher_send(call, NULL); }

void quickdo_launcher_free(void *pointer) { g_free(pointer); }
