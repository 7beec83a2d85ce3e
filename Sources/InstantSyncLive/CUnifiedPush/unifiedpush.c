// The GDBus half of the connector: see include/unifiedpush.h.
#include <gio/gio.h>

#include "unifiedpush.h"

#define QUICKDO_UP_CONNECTOR_PATH "/org/unifiedpush/Connector"
#define QUICKDO_UP_DISTRIBUTOR_PATH "/org/unifiedpush/Distributor"
#define QUICKDO_UP_DISTRIBUTOR_PREFIX "org.unifiedpush.Distributor."

/// The string value of `key` in an a{sv}, or NULL.
static const char *quickdo_up_string(GVariant *dict, const char *key, GVariant **keep) {
  *keep = g_variant_lookup_value(dict, key, G_VARIANT_TYPE_STRING);
  return *keep ? g_variant_get_string(*keep, NULL) : NULL;
}

static GDBusMessage *quickdo_up_filter(
    GDBusConnection *connection, GDBusMessage *message, gboolean incoming, gpointer data) {
  if (!incoming) return message;
  void **callback = data;
  QuickdoPushCallback call = (QuickdoPushCallback)callback[0];
  GDBusMessageType type = g_dbus_message_get_message_type(message);
  if (type == G_DBUS_MESSAGE_TYPE_SIGNAL
      && g_strcmp0(g_dbus_message_get_member(message), "NameOwnerChanged") == 0
      && g_strcmp0(g_dbus_message_get_sender(message), "org.freedesktop.DBus") == 0
      && g_strcmp0(g_dbus_message_get_signature(message), "sss") == 0) {
    GVariant *body = g_dbus_message_get_body(message);
    GVariant *name = g_variant_get_child_value(body, 0);
    GVariant *owner = g_variant_get_child_value(body, 2);
    const char *text = g_variant_get_string(name, NULL);
    if (g_str_has_prefix(text, QUICKDO_UP_DISTRIBUTOR_PREFIX)) {
      int gained = g_variant_get_string(owner, NULL)[0] != '\0';
      call(gained ? 3 : 4, NULL, NULL, text, NULL, 0, callback[1]);
    }
    g_variant_unref(name);
    g_variant_unref(owner);
    return message;
  }
  if (type != G_DBUS_MESSAGE_TYPE_METHOD_CALL
      || g_strcmp0(g_dbus_message_get_path(message), QUICKDO_UP_CONNECTOR_PATH) != 0) {
    return message;
  }
  const char *member = g_dbus_message_get_member(message);
  int kind = g_strcmp0(member, "NewEndpoint") == 0 ? 0
      : g_strcmp0(member, "Message") == 0 ? 1
      : g_strcmp0(member, "Unregistered") == 0 ? 2 : -1;
  GDBusMessage *reply;
  if (kind < 0 || g_strcmp0(g_dbus_message_get_interface(message), "org.unifiedpush.Connector2") != 0
      || g_strcmp0(g_dbus_message_get_signature(message), "a{sv}") != 0) {
    reply = g_dbus_message_new_method_error_literal(
        message, "org.freedesktop.DBus.Error.UnknownMethod", "quickdo answers org.unifiedpush.Connector2 only");
  } else {
    GVariant *body = g_dbus_message_get_body(message);
    GVariant *args = g_variant_get_child_value(body, 0);
    GVariant *token_value, *endpoint_value;
    const char *token = quickdo_up_string(args, "token", &token_value);
    const char *endpoint = quickdo_up_string(args, "endpoint", &endpoint_value);
    GVariant *bytes = g_variant_lookup_value(args, "message", G_VARIANT_TYPE_BYTESTRING);
    gsize length = 0;
    const guint8 *content = bytes ? g_variant_get_fixed_array(bytes, &length, 1) : NULL;
    if (token != NULL) {
      call(kind, g_dbus_message_get_sender(message), token, endpoint, content, length, callback[1]);
    }
    if (token_value) g_variant_unref(token_value);
    if (endpoint_value) g_variant_unref(endpoint_value);
    if (bytes) g_variant_unref(bytes);
    g_variant_unref(args);
    reply = g_dbus_message_new_method_reply(message);
    GVariant *empty = g_variant_new_array(G_VARIANT_TYPE("{sv}"), NULL, 0);
    g_dbus_message_set_body(reply, g_variant_new_tuple(&empty, 1));
  }
  g_dbus_connection_send_message(connection, reply, G_DBUS_SEND_MESSAGE_FLAGS_NONE, NULL, NULL);
  g_object_unref(reply);
  g_object_unref(message);
  return NULL;
}

/// A call to the bus daemon or a distributor, with a deadline; the reply or NULL, with
/// `*reason` set (free with g_free) when given.
static GVariant *quickdo_up_call(
    const char *destination, const char *path, const char *interface, const char *method,
    GVariant *parameters, const char *reply_type, char **reason) {
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
  if (bus == NULL) {
    if (reason) *reason = g_strdup("no session bus");
    return NULL;
  }
  GError *error = NULL;
  GVariant *reply = g_dbus_connection_call_sync(
      bus, destination, path, interface, method, parameters, G_VARIANT_TYPE(reply_type),
      G_DBUS_CALL_FLAGS_NO_AUTO_START, 5000, NULL, &error);
  if (reply == NULL) {
    g_dbus_error_strip_remote_error(error);
    if (reason) *reason = g_strdup(error->message);
    g_error_free(error);
  }
  g_object_unref(bus);
  return reply;
}

static GVariant *quickdo_up_string_tuple(const char *text) {
  GVariant *child = g_variant_new_string(text);
  return g_variant_new_tuple(&child, 1);
}

int quickdo_up_start(
    const char *name, QuickdoPushCallback callback, void *user_data, char **reason) {
  GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
  if (bus == NULL) {
    *reason = g_strdup("no session bus");
    return 2;
  }
  static void *data[2];
  data[0] = (void *)callback;
  data[1] = user_data;
  g_dbus_connection_add_filter(bus, quickdo_up_filter, data, NULL);
  g_object_unref(bus);
  GVariant *rule = quickdo_up_string_tuple(
      "type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',"
      "arg0namespace='org.unifiedpush.Distributor'");
  GVariant *added = quickdo_up_call(
      "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch", rule, "()", NULL);
  if (added) g_variant_unref(added);
  // DBUS_NAME_FLAG_DO_NOT_QUEUE (4); the answer 1 is "now the primary owner".
  GVariant *arguments[] = {g_variant_new_string(name), g_variant_new_uint32(4)};
  GVariant *reply = quickdo_up_call(
      "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
      g_variant_new_tuple(arguments, 2), "(u)", reason);
  if (reply == NULL) return 2;
  GVariant *code = g_variant_get_child_value(reply, 0);
  guint32 result = g_variant_get_uint32(code);
  g_variant_unref(code);
  g_variant_unref(reply);
  return result == 1 || result == 4 ? 0 : 1;
}

char *quickdo_up_distributors(void) {
  GVariant *empty[1];
  GVariant *reply = quickdo_up_call(
      "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames",
      g_variant_new_tuple(empty, 0), "(as)", NULL);
  if (reply == NULL) return NULL;
  GVariant *names = g_variant_get_child_value(reply, 0);
  GString *lines = g_string_new(NULL);
  gsize count = g_variant_n_children(names);
  for (gsize index = 0; index < count; index++) {
    GVariant *child = g_variant_get_child_value(names, index);
    const char *text = g_variant_get_string(child, NULL);
    if (g_str_has_prefix(text, QUICKDO_UP_DISTRIBUTOR_PREFIX)) {
      g_string_append(lines, text);
      g_string_append(lines, "\n");
    }
    g_variant_unref(child);
  }
  g_variant_unref(names);
  g_variant_unref(reply);
  return g_string_free(lines, FALSE);
}

char *quickdo_up_owner(const char *name) {
  GVariant *reply = quickdo_up_call(
      "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
      quickdo_up_string_tuple(name), "(s)", NULL);
  if (reply == NULL) return NULL;
  GVariant *owner = g_variant_get_child_value(reply, 0);
  char *text = g_strdup(g_variant_get_string(owner, NULL));
  g_variant_unref(owner);
  g_variant_unref(reply);
  return text;
}

static GVariant *quickdo_up_entry(const char *key, const char *value) {
  return g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(g_variant_new_string(value)));
}

int quickdo_up_register(
    const char *distributor, const char *service, const char *token, const char *description,
    char **reason) {
  GVariant *entries[] = {
      quickdo_up_entry("service", service), quickdo_up_entry("token", token),
      quickdo_up_entry("description", description)};
  GVariant *args = g_variant_new_array(G_VARIANT_TYPE("{sv}"), entries, 3);
  GVariant *reply = quickdo_up_call(
      distributor, QUICKDO_UP_DISTRIBUTOR_PATH, "org.unifiedpush.Distributor2", "Register",
      g_variant_new_tuple(&args, 1), "(a{sv})", reason);
  if (reply == NULL) return 1;
  GVariant *result = g_variant_get_child_value(reply, 0);
  GVariant *success_value, *reason_value;
  const char *success = quickdo_up_string(result, "success", &success_value);
  const char *why = quickdo_up_string(result, "reason", &reason_value);
  int ok = g_strcmp0(success, "REGISTRATION_SUCCEEDED") == 0;
  if (!ok) *reason = g_strdup(why && *why ? why : "the distributor refused");
  if (success_value) g_variant_unref(success_value);
  if (reason_value) g_variant_unref(reason_value);
  g_variant_unref(result);
  g_variant_unref(reply);
  return ok ? 0 : 1;
}

void quickdo_up_unregister(const char *distributor, const char *token) {
  GVariant *entry = quickdo_up_entry("token", token);
  GVariant *args = g_variant_new_array(G_VARIANT_TYPE("{sv}"), &entry, 1);
  GVariant *reply = quickdo_up_call(
      distributor, QUICKDO_UP_DISTRIBUTOR_PATH, "org.unifiedpush.Distributor2", "Unregister",
      g_variant_new_tuple(&args, 1), "(a{sv})", NULL);
  if (reply) g_variant_unref(reply);
}

void quickdo_up_free(void *pointer) { g_free(pointer); }
