#!/usr/bin/python3
"""A UnifiedPush distributor for the tests, on the session bus the environment names.

It implements org.unifiedpush.Distributor2 as `org.unifiedpush.Distributor.<name>`, and
its push service is HTTPS on 127.0.0.1: a message POSTed to an endpoint it handed out is
passed, bytes as they came, to the connector's org.unifiedpush.Connector2.Message, as a
real distributor relays what ntfy or Gotify received. It prints one JSON line per event
on stdout: {"ready": base}, {"registered": token}, {"endpoint": url}, {"message": token,
"size": n}, {"unknown": path}.

usage: distributor.py NAME CERT KEY
"""
import json
import ssl
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

name, cert, key = sys.argv[1:4]
DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
loop = GLib.MainLoop()
# token -> connector's bus name
tokens = {}
lock = threading.Lock()
messages = 0


def say(**event):
    print(json.dumps(event), flush=True)


def connector(service):
    return dbus.Interface(bus.get_object(service, "/org/unifiedpush/Connector", introspect=False),
                          "org.unifiedpush.Connector2")


def ignore(*_):
    pass


class Distributor(dbus.service.Object):
    @dbus.service.method("org.unifiedpush.Distributor2", in_signature="a{sv}", out_signature="a{sv}",
                         sender_keyword="sender")
    def Register(self, args, sender=None):
        token, service = str(args["token"]), str(args["service"])
        with lock:
            tokens[token] = service
        say(registered=token)
        endpoint = base + "push/" + token

        def tell():
            connector(service).NewEndpoint(
                dbus.Dictionary({"token": token, "endpoint": endpoint}, signature="sv"),
                reply_handler=ignore, error_handler=ignore)
            say(endpoint=endpoint)
            return False
        GLib.idle_add(tell)
        return dbus.Dictionary({"success": "REGISTRATION_SUCCEEDED"}, signature="sv")

    @dbus.service.method("org.unifiedpush.Distributor2", in_signature="a{sv}", out_signature="a{sv}")
    def Unregister(self, args):
        with lock:
            tokens.pop(str(args["token"]), None)
        say(unregistered=str(args["token"]))
        return dbus.Dictionary({}, signature="sv")


class PushService(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_POST(self):
        global messages
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(min(length, 20 << 20))
        token = self.path.rsplit("/", 1)[-1]
        with lock:
            service = tokens.get(token) if self.path.startswith("/push/") else None
        if service is None:
            say(unknown=self.path)
            self.send_response(404)
            self.end_headers()
            return
        with lock:
            messages += 1
            number = messages
        say(message=token, size=len(body))

        def deliver():
            connector(service).Message(
                dbus.Dictionary({"token": token, "message": dbus.ByteArray(body), "id": str(number)}, signature="sv"),
                reply_handler=ignore, error_handler=ignore)
            return False
        GLib.idle_add(deliver)
        self.send_response(201)
        self.end_headers()


well_known = dbus.service.BusName("org.unifiedpush.Distributor." + name, bus)
Distributor(bus, "/org/unifiedpush/Distributor")
server = ThreadingHTTPServer(("127.0.0.1", 0), PushService)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(cert, key)
server.socket = context.wrap_socket(server.socket, server_side=True)
base = "https://127.0.0.1:%d/" % server.server_address[1]
threading.Thread(target=server.serve_forever, daemon=True).start()
say(ready=base)
loop.run()
