// See dnd_switch.h. The GLib functions called here are loaded on first use (CLoadOnUse).
#include "dnd_switch.h"

#include <gio/gio.h>
#include <string.h>

struct QuickdoDndWatch {
  QuickdoDndKind kind;
  char *first, *second, *third, *fourth;
  int on_when;
  GDBusConnection *bus;
  guint subscription;
  GSettings *settings;
  gulong handler;
  void (*changed)(void *data);
  void *data;
};

static void signalled(
    GDBusConnection *connection, const gchar *sender, const gchar *path, const gchar *interface,
    const gchar *member, GVariant *parameters, gpointer data) {
  (void)connection, (void)sender, (void)path, (void)interface, (void)member, (void)parameters;
  QuickdoDndWatch *watch = data;
  watch->changed(watch->data);
}

static void setting_changed(GSettings *settings, gchar *key, gpointer data) {
  (void)settings, (void)key;
  QuickdoDndWatch *watch = data;
  watch->changed(watch->data);
}

/// The GSettings of `schema` if it is installed and has `key`; NULL otherwise (creating
/// one without the schema would abort the process).
static GSettings *settings_with(const char *schema, const char *key) {
  GSettingsSchemaSource *source = g_settings_schema_source_get_default();
  if (source == NULL) return NULL;
  GSettingsSchema *found = g_settings_schema_source_lookup(source, schema, TRUE);
  if (found == NULL) return NULL;
  GSettings *settings = NULL;
  if (g_settings_schema_has_key(found, key)) settings = g_settings_new_full(found, NULL, NULL);
  g_settings_schema_unref(found);
  return settings;
}

static char *copy(const char *text) { return text ? g_strdup(text) : NULL; }

/// `first` `second` `third` as one new string (GLib's printf and concat are variadic, which
/// loading on first use cannot pass on).
static char *joined(const char *first, const char *second, const char *third) {
  GString *text = g_string_new(first);
  g_string_append(text, second);
  g_string_append(text, third);
  return g_string_free(text, FALSE);
}

QuickdoDndWatch *quickdo_dnd_watch_new(
    QuickdoDndKind kind, const char *first, const char *second, const char *third,
    const char *fourth, const char *signal, int on_when, void (*changed)(void *data), void *data) {
  QuickdoDndWatch *watch = g_malloc0(sizeof *watch);
  watch->kind = kind;
  watch->first = copy(first);
  watch->second = copy(second);
  watch->third = copy(third);
  watch->fourth = copy(fourth);
  watch->on_when = on_when;
  watch->changed = changed;
  watch->data = data;
  watch->bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
  GDBusSignalFlags flags = G_DBUS_SIGNAL_FLAGS_NONE;
  switch (kind) {
  case QUICKDO_DND_PROPERTY:
    if (watch->bus)
      watch->subscription = g_dbus_connection_signal_subscribe(
          watch->bus, NULL, "org.freedesktop.DBus.Properties", "PropertiesChanged", second, third,
          flags, signalled, watch, NULL);
    break;
  case QUICKDO_DND_METHOD:
    if (watch->bus)
      watch->subscription = g_dbus_connection_signal_subscribe(
          watch->bus, NULL, third, signal && *signal ? signal : NULL, second, NULL, flags,
          signalled, watch, NULL);
    break;
  case QUICKDO_DND_XFCONF:
    if (watch->bus)
      watch->subscription = g_dbus_connection_signal_subscribe(
          watch->bus, NULL, "org.xfce.Xfconf", "PropertyChanged", "/org/xfce/Xfconf", first, flags,
          signalled, watch, NULL);
    break;
  case QUICKDO_DND_SETTING: {
    watch->settings = settings_with(first, second);
    if (watch->settings) {
      char *signal = joined("changed::", second, "");
      watch->handler = g_signal_connect_data(
          watch->settings, signal, G_CALLBACK(setting_changed), watch, NULL, 0);
      g_free(signal);
      // GSettings reports changes only of keys read since: read it once now.
      GVariant *value = g_settings_get_value(watch->settings, second);
      g_variant_unref(value);
    }
    break;
  }
  case QUICKDO_DND_MAKO_MODE:
    break;
  }
  return watch;
}

/// A call's reply of type `type`, or NULL; an error that means "nothing there" leaves
/// `*problem` NULL, any other error names itself.
static GVariant *call(
    QuickdoDndWatch *watch, const char *service, const char *path, const char *interface,
    const char *method, GVariant *arguments, int timeout_ms, char **problem) {
  if (watch->bus == NULL) {
    if (arguments) g_variant_unref(g_variant_ref_sink(arguments));
    return NULL;
  }
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_sync(
      watch->bus, service, path, interface, method, arguments, NULL,
      G_DBUS_CALL_FLAGS_NO_AUTO_START, timeout_ms, NULL, &error);
  if (reply == NULL) {
    gchar *remote = g_dbus_error_get_remote_error(error);
    int absent = remote != NULL
        && (strcmp(remote, "org.freedesktop.DBus.Error.ServiceUnknown") == 0
            || strcmp(remote, "org.freedesktop.DBus.Error.NameHasNoOwner") == 0
            || strcmp(remote, "org.xfce.Xfconf.Error.PropertyNotFound") == 0
            || strcmp(remote, "org.xfce.Xfconf.Error.ChannelNotFound") == 0);
    if (!absent) *problem = g_strdup(error->message);
    g_free(remote);
    g_error_free(error);
  }
  return reply;
}

/// 1 or 0 from a boolean inside `reply`'s first child (unwrapped if a variant); -1 and a
/// problem otherwise. Frees `reply`.
static int boolean_in(GVariant *reply, const char *what, char **problem) {
  if (reply == NULL) return -1;
  int result = -1;
  if (g_variant_n_children(reply) >= 1) {
    GVariant *child = g_variant_get_child_value(reply, 0);
    GVariant *value = g_variant_is_of_type(child, G_VARIANT_TYPE_VARIANT) ? g_variant_get_variant(child) : g_variant_ref(child);
    if (g_variant_is_of_type(value, G_VARIANT_TYPE_BOOLEAN)) {
      result = g_variant_get_boolean(value) ? 1 : 0;
    } else {
      *problem = joined(what, " is not a boolean but of type ", g_variant_get_type_string(value));
    }
    g_variant_unref(value);
    g_variant_unref(child);
  } else {
    *problem = joined(what, ": ", "an empty answer");
  }
  g_variant_unref(reply);
  return result;
}

int quickdo_dnd_watch_read(QuickdoDndWatch *watch, int timeout_ms, char **problem) {
  *problem = NULL;
  switch (watch->kind) {
  case QUICKDO_DND_PROPERTY: {
    GVariant *names[2] = {g_variant_new_string(watch->third), g_variant_new_string(watch->fourth)};
    GVariant *reply = call(watch, watch->first, watch->second, "org.freedesktop.DBus.Properties",
                           "Get", g_variant_new_tuple(names, 2), timeout_ms, problem);
    return boolean_in(reply, watch->fourth, problem);
  }
  case QUICKDO_DND_METHOD: {
    GVariant *reply = call(watch, watch->first, watch->second, watch->third, watch->fourth, NULL,
                           timeout_ms, problem);
    return boolean_in(reply, watch->fourth, problem);
  }
  case QUICKDO_DND_XFCONF: {
    GVariant *names[2] = {g_variant_new_string(watch->first), g_variant_new_string(watch->second)};
    GVariant *reply = call(watch, "org.xfce.Xfconf", "/org/xfce/Xfconf", "org.xfce.Xfconf",
                           "GetProperty", g_variant_new_tuple(names, 2), timeout_ms, problem);
    return boolean_in(reply, watch->second, problem);
  }
  case QUICKDO_DND_MAKO_MODE: {
    GVariant *reply = call(watch, "org.freedesktop.Notifications", "/fr/emersion/Mako",
                           "fr.emersion.Mako", "ListModes", NULL, timeout_ms, problem);
    if (reply == NULL) return -1;
    int result = -1;
    if (g_variant_is_of_type(reply, G_VARIANT_TYPE("(as)"))) {
      GVariant *modes = g_variant_get_child_value(reply, 0);
      result = 0;
      for (gsize index = 0; index < g_variant_n_children(modes); index++) {
        GVariant *mode = g_variant_get_child_value(modes, index);
        if (strcmp(g_variant_get_string(mode, NULL), watch->first) == 0) result = 1;
        g_variant_unref(mode);
      }
      g_variant_unref(modes);
    } else {
      *problem = joined("ListModes", " answered a value of type ", g_variant_get_type_string(reply));
    }
    g_variant_unref(reply);
    return result;
  }
  case QUICKDO_DND_SETTING: {
    if (watch->settings == NULL) return -1;
    GVariant *value = g_settings_get_value(watch->settings, watch->second);
    int result = -1;
    if (g_variant_is_of_type(value, G_VARIANT_TYPE_BOOLEAN)) {
      result = (g_variant_get_boolean(value) ? 1 : 0) == (watch->on_when ? 1 : 0);
    } else {
      *problem = joined(watch->second, " is not a boolean but of type ", g_variant_get_type_string(value));
    }
    g_variant_unref(value);
    return result;
  }
  }
  return -1;
}

void quickdo_dnd_watch_free(QuickdoDndWatch *watch) {
  if (watch->subscription) g_dbus_connection_signal_unsubscribe(watch->bus, watch->subscription);
  if (watch->settings) {
    g_signal_handler_disconnect(watch->settings, watch->handler);
    g_object_unref(watch->settings);
  }
  if (watch->bus) g_object_unref(watch->bus);
  g_free(watch->first);
  g_free(watch->second);
  g_free(watch->third);
  g_free(watch->fourth);
  g_free(watch);
}

void quickdo_dnd_free(char *text) { g_free(text); }
