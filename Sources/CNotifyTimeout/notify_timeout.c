// See include/notify_timeout.h. GDBusProxy's `constructed` is chained so the limit is set on
// libnotify's proxy as it is made; the proxy is kept through a weak pointer so a later
// change of the limit reaches it too. Everything here runs on the presenter's GLib thread.
#include "notify_timeout.h"

#include <gio/gio.h>

static void (*parent_constructed)(GObject *) = NULL;
static GDBusProxy *notifications_proxy = NULL;
static int timeout_milliseconds = -1;

static void constructed_with_timeout(GObject *object) {
  if (parent_constructed != NULL) parent_constructed(object);
  GDBusProxy *proxy = G_DBUS_PROXY(object);
  if (notifications_proxy == NULL &&
      g_strcmp0(g_dbus_proxy_get_name(proxy), "org.freedesktop.Notifications") == 0) {
    notifications_proxy = proxy;
    g_object_add_weak_pointer(object, (gpointer *)&notifications_proxy);
    g_dbus_proxy_set_default_timeout(proxy, timeout_milliseconds);
  }
}

void quickdo_notify_timeout_install(void) {
  GObjectClass *class = G_OBJECT_CLASS(g_type_class_ref(G_TYPE_DBUS_PROXY));
  if (class->constructed == constructed_with_timeout) return;
  parent_constructed = class->constructed;
  class->constructed = constructed_with_timeout;
}

void quickdo_notify_timeout_set(int milliseconds) {
  timeout_milliseconds = milliseconds;
  if (notifications_proxy != NULL) g_dbus_proxy_set_default_timeout(notifications_proxy, milliseconds);
}

int quickdo_notify_error_is_timeout(const void *error) {
  return g_error_matches((const GError *)error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
}
