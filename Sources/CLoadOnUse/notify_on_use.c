// The libnotify, GIO, GObject and GLib functions the agent calls (NotificationLive,
// CNotifyTimeout, CLibnotify's shim, CUnifiedPush, CLauncherBus), loaded when the agent first calls one: see
// symbol_on_use.c. A function called there but missing here fails the link.
#include <gio/gio.h>
#include <libnotify/notify.h>

#include "load_on_use.h"

static OnUseLibrary libnotify = {"libnotify.so.4", "libnotify4", NULL};
static OnUseLibrary gio = {"libgio-2.0.so.0", "libglib2.0-0", NULL};
static OnUseLibrary gobject = {"libgobject-2.0.so.0", "libglib2.0-0", NULL};
static OnUseLibrary glib = {"libglib-2.0.so.0", "libglib2.0-0", NULL};

// libnotify
ON_USE(libnotify, gboolean, notify_init, (const char *app_name), (app_name))
ON_USE(libnotify, GList *, notify_get_server_caps, (void), ())
ON_USE(libnotify, gboolean, notify_get_server_info,
       (char **name, char **vendor, char **version, char **spec_version),
       (name, vendor, version, spec_version))
ON_USE(libnotify, NotifyNotification *, notify_notification_new,
       (const char *summary, const char *body, const char *icon), (summary, body, icon))
ON_USE(libnotify, gboolean, notify_notification_update,
       (NotifyNotification *notification, const char *summary, const char *body, const char *icon),
       (notification, summary, body, icon))
ON_USE(libnotify, gboolean, notify_notification_show,
       (NotifyNotification *notification, GError **error), (notification, error))
ON_USE(libnotify, gboolean, notify_notification_close,
       (NotifyNotification *notification, GError **error), (notification, error))
ON_USE(libnotify, gint, notify_notification_get_closed_reason,
       (const NotifyNotification *notification), (notification))
ON_USE_VOID(libnotify, notify_notification_add_action,
            (NotifyNotification *notification, const char *action, const char *label,
             NotifyActionCallback callback, gpointer user_data, GFreeFunc free_func),
            (notification, action, label, callback, user_data, free_func))
ON_USE_VOID(libnotify, notify_notification_clear_actions, (NotifyNotification *notification),
            (notification))
ON_USE_VOID(libnotify, notify_notification_set_app_name,
            (NotifyNotification *notification, const char *app_name), (notification, app_name))
ON_USE_VOID(libnotify, notify_notification_set_hint_string,
            (NotifyNotification *notification, const char *key, const char *value),
            (notification, key, value))
ON_USE_VOID(libnotify, notify_notification_set_timeout,
            (NotifyNotification *notification, gint timeout), (notification, timeout))
ON_USE_VOID(libnotify, notify_notification_set_urgency,
            (NotifyNotification *notification, NotifyUrgency urgency), (notification, urgency))

// GIO
ON_USE(gio, GDBusConnection *, g_bus_get_sync,
       (GBusType bus_type, GCancellable *cancellable, GError **error),
       (bus_type, cancellable, error))
ON_USE(gio, guint, g_bus_watch_name,
       (GBusType bus_type, const gchar *name, GBusNameWatcherFlags flags,
        GBusNameAppearedCallback appeared, GBusNameVanishedCallback vanished, gpointer user_data,
        GDestroyNotify user_data_free_func),
       (bus_type, name, flags, appeared, vanished, user_data, user_data_free_func))
ON_USE_VOID(gio, g_dbus_connection_call,
            (GDBusConnection *connection, const gchar *bus_name, const gchar *object_path,
             const gchar *interface_name, const gchar *method_name, GVariant *parameters,
             const GVariantType *reply_type, GDBusCallFlags flags, gint timeout_msec,
             GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data),
            (connection, bus_name, object_path, interface_name, method_name, parameters,
             reply_type, flags, timeout_msec, cancellable, callback, user_data))
ON_USE(gio, GVariant *, g_dbus_connection_call_finish,
       (GDBusConnection *connection, GAsyncResult *result, GError **error),
       (connection, result, error))
ON_USE(gio, guint, g_dbus_connection_add_filter,
       (GDBusConnection *connection, GDBusMessageFilterFunction filter_function,
        gpointer user_data, GDestroyNotify user_data_free_func),
       (connection, filter_function, user_data, user_data_free_func))
ON_USE(gio, GType, g_dbus_connection_get_type, (void), ())
ON_USE_VOID(gio, g_dbus_connection_set_exit_on_close,
            (GDBusConnection *connection, gboolean exit_on_close), (connection, exit_on_close))
ON_USE(gio, GQuark, g_dbus_error_quark, (void), ())
ON_USE(gio, gboolean, g_dbus_error_strip_remote_error, (GError *error), (error))
ON_USE(gio, GVariant *, g_dbus_message_get_body, (GDBusMessage *message), (message))
ON_USE(gio, const gchar *, g_dbus_message_get_interface, (GDBusMessage *message), (message))
ON_USE(gio, const gchar *, g_dbus_message_get_member, (GDBusMessage *message), (message))
ON_USE(gio, GDBusMessageType, g_dbus_message_get_message_type, (GDBusMessage *message),
       (message))
ON_USE(gio, const gchar *, g_dbus_message_get_sender, (GDBusMessage *message), (message))
ON_USE(gio, const gchar *, g_dbus_message_get_signature, (GDBusMessage *message), (message))
ON_USE(gio, const gchar *, g_dbus_proxy_get_name, (GDBusProxy *proxy), (proxy))
ON_USE(gio, GType, g_dbus_proxy_get_type, (void), ())
ON_USE_VOID(gio, g_dbus_proxy_set_default_timeout, (GDBusProxy *proxy, gint timeout_msec),
            (proxy, timeout_msec))
ON_USE(gio, GQuark, g_io_error_quark, (void), ())
ON_USE(gio, GVariant *, g_dbus_connection_call_sync,
       (GDBusConnection *connection, const gchar *bus_name, const gchar *object_path,
        const gchar *interface_name, const gchar *method_name, GVariant *parameters,
        const GVariantType *reply_type, GDBusCallFlags flags, gint timeout_msec,
        GCancellable *cancellable, GError **error),
       (connection, bus_name, object_path, interface_name, method_name, parameters, reply_type,
        flags, timeout_msec, cancellable, error))
ON_USE(gio, gboolean, g_dbus_connection_send_message,
       (GDBusConnection *connection, GDBusMessage *message, GDBusSendMessageFlags flags,
        volatile guint32 *out_serial, GError **error),
       (connection, message, flags, out_serial, error))
ON_USE(gio, const gchar *, g_dbus_message_get_path, (GDBusMessage *message), (message))
ON_USE(gio, GDBusMessage *, g_dbus_message_new_method_reply, (GDBusMessage *method_call_message),
       (method_call_message))
ON_USE(gio, GDBusMessage *, g_dbus_message_new_method_error_literal,
       (GDBusMessage *method_call_message, const gchar *error_name, const gchar *error_message),
       (method_call_message, error_name, error_message))
ON_USE_VOID(gio, g_dbus_message_set_body, (GDBusMessage *message, GVariant *body), (message, body))

// GObject
ON_USE_VOID(gobject, g_object_add_weak_pointer, (GObject *object, gpointer *location),
            (object, location))
ON_USE_VOID(gobject, g_object_get_property,
            (GObject *object, const gchar *property_name, GValue *value),
            (object, property_name, value))
ON_USE_VOID(gobject, g_object_unref, (gpointer object), (object))
ON_USE(gobject, gulong, g_signal_connect_data,
       (gpointer instance, const gchar *detailed_signal, GCallback handler, gpointer data,
        GClosureNotify destroy_data, GConnectFlags flags),
       (instance, detailed_signal, handler, data, destroy_data, flags))
ON_USE(gobject, GTypeClass *, g_type_check_class_cast, (GTypeClass *type_class, GType is_a_type),
       (type_class, is_a_type))
ON_USE(gobject, GTypeInstance *, g_type_check_instance_cast,
       (GTypeInstance *instance, GType iface_type), (instance, iface_type))
ON_USE(gobject, gpointer, g_type_class_ref, (GType type), (type))
ON_USE(gobject, gint, g_value_get_int, (const GValue *value), (value))
ON_USE(gobject, GValue *, g_value_init, (GValue *value, GType g_type), (value, g_type))
ON_USE_VOID(gobject, g_value_unset, (GValue *value), (value))

// GLib
ON_USE_VOID(glib, g_error_free, (GError *error), (error))
ON_USE(glib, gboolean, g_error_matches, (const GError *error, GQuark domain, gint code),
       (error, domain, code))
ON_USE_VOID(glib, g_free, (gpointer memory), (memory))
ON_USE_VOID(glib, g_list_free_full, (GList *list, GDestroyNotify free_func), (list, free_func))
ON_USE_VOID(glib, g_main_context_invoke_full,
            (GMainContext *context, gint priority, GSourceFunc function, gpointer data,
             GDestroyNotify notify),
            (context, priority, function, data, notify))
ON_USE(glib, GMainContext *, g_main_context_new, (void), ())
ON_USE_VOID(glib, g_main_context_push_thread_default, (GMainContext *context), (context))
ON_USE_VOID(glib, g_main_context_pop_thread_default, (GMainContext *context), (context))
ON_USE(glib, GMainLoop *, g_main_loop_new, (GMainContext *context, gboolean is_running),
       (context, is_running))
ON_USE_VOID(glib, g_main_loop_run, (GMainLoop *loop), (loop))
ON_USE_VOID(glib, g_main_loop_quit, (GMainLoop *loop), (loop))
ON_USE(glib, guint, g_source_attach, (GSource *source, GMainContext *context), (source, context))
ON_USE_VOID(glib, g_source_destroy, (GSource *source), (source))
ON_USE_VOID(glib, g_source_set_callback,
            (GSource *source, GSourceFunc function, gpointer data, GDestroyNotify notify),
            (source, function, data, notify))
ON_USE_VOID(glib, g_source_unref, (GSource *source), (source))
ON_USE(glib, int, g_strcmp0, (const char *first, const char *second), (first, second))
ON_USE(glib, gchar *, g_strdup, (const gchar *text), (text))
ON_USE(glib, GSource *, g_timeout_source_new, (guint interval), (interval))
ON_USE(glib, GVariant *, g_variant_get_child_value, (GVariant *value, gsize index),
       (value, index))
ON_USE(glib, const gchar *, g_variant_get_string, (GVariant *value, gsize *length),
       (value, length))
ON_USE(glib, guint32, g_variant_get_uint32, (GVariant *value), (value))
ON_USE(glib, gconstpointer, g_variant_get_fixed_array,
       (GVariant *value, gsize *n_elements, gsize element_size), (value, n_elements, element_size))
ON_USE(glib, GVariant *, g_variant_lookup_value,
       (GVariant *dictionary, const gchar *key, const GVariantType *expected_type),
       (dictionary, key, expected_type))
ON_USE(glib, gsize, g_variant_n_children, (GVariant *value), (value))
ON_USE(glib, GVariant *, g_variant_new_array,
       (const GVariantType *child_type, GVariant *const *children, gsize n_children),
       (child_type, children, n_children))
ON_USE(glib, GVariant *, g_variant_new_dict_entry, (GVariant *key, GVariant *value), (key, value))
ON_USE(glib, GVariant *, g_variant_new_variant, (GVariant *value), (value))
ON_USE(glib, gboolean, g_str_has_prefix, (const gchar *text, const gchar *prefix), (text, prefix))
ON_USE(glib, GString *, g_string_new, (const gchar *init), (init))
ON_USE(glib, GString *, g_string_append, (GString *string, const gchar *value), (string, value))
ON_USE(glib, gchar *, g_string_free, (GString *string, gboolean free_segment), (string, free_segment))
ON_USE(glib, GVariant *, g_variant_new_tuple, (GVariant *const *children, gsize count),
       (children, count))
ON_USE(glib, GVariant *, g_variant_new_string, (const gchar *text), (text))
ON_USE(glib, GVariant *, g_variant_new_uint32, (guint32 value), (value))
ON_USE(glib, GVariant *, g_variant_new_int32, (gint32 value), (value))
ON_USE(glib, GVariant *, g_variant_new_double, (gdouble value), (value))
ON_USE(glib, GVariant *, g_variant_new_strv, (const gchar *const *strv, gssize length), (strv, length))
ON_USE(glib, const gchar *, g_variant_get_type_string, (GVariant *value), (value))
ON_USE(glib, const GVariantType *, g_variant_type_checked_, (const gchar *type_string),
       (type_string))
ON_USE_VOID(glib, g_variant_unref, (GVariant *value), (value))

// Do Not Disturb switches (CDoNotDisturb)
ON_USE(gio, guint, g_dbus_connection_signal_subscribe,
       (GDBusConnection *connection, const gchar *sender, const gchar *interface_name,
        const gchar *member, const gchar *object_path, const gchar *arg0, GDBusSignalFlags flags,
        GDBusSignalCallback callback, gpointer user_data, GDestroyNotify user_data_free_func),
       (connection, sender, interface_name, member, object_path, arg0, flags, callback, user_data,
        user_data_free_func))
ON_USE_VOID(gio, g_dbus_connection_signal_unsubscribe,
            (GDBusConnection *connection, guint subscription_id), (connection, subscription_id))
ON_USE(gio, gchar *, g_dbus_error_get_remote_error, (const GError *error), (error))
ON_USE(gio, GSettingsSchemaSource *, g_settings_schema_source_get_default, (void), ())
ON_USE(gio, GSettingsSchema *, g_settings_schema_source_lookup,
       (GSettingsSchemaSource *source, const gchar *schema_id, gboolean recursive),
       (source, schema_id, recursive))
ON_USE(gio, gboolean, g_settings_schema_has_key, (GSettingsSchema *schema, const gchar *name),
       (schema, name))
ON_USE_VOID(gio, g_settings_schema_unref, (GSettingsSchema *schema), (schema))
ON_USE(gio, GSettings *, g_settings_new_full,
       (GSettingsSchema *schema, GSettingsBackend *backend, const gchar *path),
       (schema, backend, path))
ON_USE(gio, GVariant *, g_settings_get_value, (GSettings *settings, const gchar *key),
       (settings, key))
ON_USE_VOID(gobject, g_signal_handler_disconnect, (gpointer instance, gulong handler_id),
            (instance, handler_id))
ON_USE(glib, gpointer, g_malloc0, (gsize size), (size))
ON_USE(glib, GVariant *, g_variant_ref, (GVariant *value), (value))
ON_USE(glib, GVariant *, g_variant_ref_sink, (GVariant *value), (value))
ON_USE(glib, GVariant *, g_variant_get_variant, (GVariant *value), (value))
ON_USE(glib, gboolean, g_variant_get_boolean, (GVariant *value), (value))
ON_USE(glib, gboolean, g_variant_is_of_type, (GVariant *value, const GVariantType *type),
       (value, type))
