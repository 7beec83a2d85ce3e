#!/usr/bin/env python3
"""A CalDAV server that answers discovery plausibly and then misbehaves, one way per
scenario, for the sync tests. It listens on 127.0.0.1 (the account's server, HTTPS with
--tls), on 127.0.0.2 at the same port ("another host"), on 127.0.0.1 at another port
("another port") and, with --tls, on a plain-HTTP port ("plain", for downgrades). Every
request any listener receives is logged, headers and all, one JSON object a line, so a
test checks where the password went against what was actually received.

Usage: hostile.py SCENARIO FOLDER [--tls CERT KEY]
Writes FOLDER/ports.json when it listens; logs to FOLDER/requests.jsonl.
"""
import gzip
import hashlib
import json
import os
import re
import socket
import ssl
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SCENARIO, FOLDER = sys.argv[1], sys.argv[2]
# byte-store: a plain store that keeps each PUT byte for byte (Radicale and Xandikos
# reorder and rewrap what they store, which would hide a changed line order or a bad name).
STORE = {}
STORE_LOCK = threading.Lock()
TLS = sys.argv[4:6] if len(sys.argv) > 3 and sys.argv[3] == "--tls" else None
LOG_LOCK = threading.Lock()
PORTS = {}


def todo(uid, title, extra=""):
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hostile//EN\r\nBEGIN:VTODO\r\n"
            f"UID:{uid}\r\nDTSTAMP:20261120T100000Z\r\nSUMMARY:{title}\r\n{extra}"
            "STATUS:NEEDS-ACTION\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def calendar_objects():
    """href → (etag, iCalendar text) of the calendar the scenario serves."""
    main, other = PORTS.get("main"), PORTS.get("other_port")
    if SCENARIO == "foreign-hrefs":
        return [
            ("/cal/good.ics", "good"),
            (f"http://127.0.0.2:{main}/cal/a.ics", "other host"),
            (f"http://127.0.0.1:{other}/cal/b.ics", "other port"),
            ("/cal/../other/c.ics", "dot dot"),
            ("/cal/%2e%2e/d.ics", "encoded dot dot"),
            ("/", "the home"),
        ]
    if SCENARIO == "big-sequence":
        return [("/cal/seq.ics", "sequence", "SEQUENCE:9223372036854775807\r\n")]
    if SCENARIO == "year-zero":
        return [("/cal/zero.ics", "year zero", "DUE:00000101T000000Z\r\n")]
    if SCENARIO == "duplicates":
        return [("/cal/dup.ics", "once")] * 3
    if SCENARIO == "sogo-emoji":
        return [("/cal/apple.ics", "Buy 🍎s"), ("/cal/lone.ics", "Broken LONE here")]
    if SCENARIO == "davical":
        return [("/cal/a.ics", "first"), ("/cal/b.ics", "second")]
    if SCENARIO in ("close-after-put", "reset-after-put"):
        return []
    if SCENARIO == "refuse-one":
        return [("/cal/kept.ics", "kept"), ("/cal/refused.ics", "refused")]
    if SCENARIO == "big-account":
        # Long notes make the answer with every object about 45 MB, past what sync takes in
        # one answer: it lists the calendar and fetches the objects in batches.
        notes = "DESCRIPTION:" + "n" * 1100 + "\r\n"
        return [(f"/cal/{i:05}.ics", f"todo {i}", notes) for i in range(30_000)]
    if SCENARIO == "family":
        # Two todos each the other's parent, one with 100,000 categories, and a chain of
        # 10,000 subtasks, each the child of the one before.
        objects = [("/cal/a.ics", "cycle a", "RELATED-TO:calbics\r\n"),
                   ("/cal/b.ics", "cycle b", "RELATED-TO;RELTYPE=PARENT:calaics\r\n"),
                   ("/cal/tags.ics", "many tags", "CATEGORIES:" + ",".join(f"t{i}" for i in range(100_000)) + "\r\n")]
        objects += [(f"/cal/c{i:05}.ics", f"chain {i}", f"RELATED-TO:calc{i - 1:05}ics\r\n" if i else "")
                    for i in range(10_000)]
        return objects
    return [("/cal/one.ics", "one")]


def entry(obj):
    href, title = obj[0], obj[1]
    uid = re.sub(r"[^a-z0-9]", "", href)[-20:] or "x"
    return href, f'"{uid}"', todo(uid, title, obj[2] if len(obj) > 2 else "")


def multistatus(responses, token=None):
    body = '<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\n'
    body += "".join(responses)
    if token:
        body += f"<d:sync-token>{token}</d:sync-token>\n"
    return body + "</d:multistatus>\n"


def object_response(href, etag, data=None):
    prop = f"<d:getetag>{escape(etag)}</d:getetag>"
    if data is not None:
        prop += f"<c:calendar-data>{escape(data)}</c:calendar-data>"
    return (f"<d:response><d:href>{escape(href)}</d:href><d:propstat><d:prop>{prop}</d:prop>"
            "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\n")


def calendar_props(href, name="Tasks"):
    return (f"<d:response><d:href>{escape(href)}</d:href><d:propstat><d:prop>"
            "<d:resourcetype><d:collection/><c:calendar/></d:resourcetype>"
            f"<d:displayname>{escape(name)}</d:displayname>"
            '<c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>'
            "<d:supported-report-set><d:supported-report><d:report><d:sync-collection/></d:report>"
            "</d:supported-report></d:supported-report-set>"
            "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\n")


def href_response(href, prop, target):
    return (f"<d:response><d:href>{escape(href)}</d:href><d:propstat><d:prop><{prop}><d:href>{escape(target)}"
            f"</d:href></{prop}></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\n")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    listener = "main"

    def log_message(self, *args):
        pass

    def record(self, body):
        line = {"listener": self.listener, "method": self.command, "path": self.path,
                "headers": {k.lower(): v for k, v in self.headers.items()},
                "body": body[:4000].decode("utf-8", "replace")}
        with LOG_LOCK, open(os.path.join(FOLDER, "requests.jsonl"), "a") as log:
            log.write(json.dumps(line) + "\n")

    def answer(self, status, body=b"", headers=()):
        if SCENARIO == "sogo-emoji" and isinstance(body, str):
            # As SOGo writes them: UTF-16 surrogates as character references, which XML
            # forbids; and, for the second todo, half a pair.
            body = body.replace("🍎", "&#55356;&#57166;").replace("LONE", "&#55357;")
        if isinstance(body, str):
            body = body.encode()
        self.send_response(status)
        if SCENARIO == "davical":
            # DAViCal names itself on every answer.
            self.send_header("X-DAViCal-Version", "DAViCal/1.1.12; DB/1.3.5")
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        self.raw_body = body
        self.record(body)
        if SCENARIO in ("close-after-put", "reset-after-put") and getattr(self, "answered_put", False):
            # As SOGo does: the connection a PUT was answered on, kept open without
            # `Connection: close`, is closed when the next request comes on it; with
            # reset-after-put, as a client finds it when the close crossed its request: reset.
            if SCENARIO == "reset-after-put":
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                self.connection.close()
            self.close_connection = True
            return
        self.answered_put = self.command == "PUT"
        try:
            self.serve(body.decode("utf-8", "replace"))
        except (BrokenPipeError, ConnectionResetError):
            pass

    do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_OPTIONS = do_POST = do_any

    def serve(self, body):
        xml = [("Content-Type", "application/xml; charset=utf-8")]
        main = PORTS["main"]
        if SCENARIO == "negotiate":
            # As a server behind Kerberos single sign-on asks.
            return self.answer(401, headers=[("WWW-Authenticate", "Negotiate")])
        if self.listener != "main":
            # Another host or port: a plausible calendar, so that a client that came here
            # with the password would go on and use it.
            if self.command == "PROPFIND":
                return self.answer(207, multistatus([calendar_props(self.path)]), xml)
            if self.command == "REPORT":
                return self.answer(207, multistatus([object_response(self.path + "x.ics", '"x"', todo("x", "elsewhere"))], "t1"), xml)
            return self.answer(201, headers=[("ETag", '"elsewhere"')])

        if SCENARIO == "silent":
            time.sleep(120)
            return
        if SCENARIO == "redirect-elsewhere":
            return self.answer(307, headers=[("Location", f"http://127.0.0.2:{main}{self.path}")])
        if SCENARIO == "downgrade":
            return self.answer(301, headers=[("Location", f"http://127.0.0.1:{PORTS['plain']}{self.path}")])
        if SCENARIO == "foreign-calendar":
            if self.command == "PROPFIND" and self.path == "/":
                return self.answer(207, multistatus([href_response("/", "d:current-user-principal", "/p/")]), xml)
            if self.command == "PROPFIND" and self.path == "/p/":
                return self.answer(207, multistatus([href_response("/p/", "c:calendar-home-set", "/home/")]), xml)
            if self.command == "PROPFIND" and self.path == "/home/":
                return self.answer(207, multistatus([
                    calendar_props("/home/cal/", "Tasks"),
                    calendar_props(f"http://127.0.0.2:{main}/home/evil/", "Evil"),
                ]), xml)

        if SCENARIO.startswith("push-"):
            # WebDAV-Push offered, then abused: a subscription put on another host
            # (push-elsewhere), a megabyte topic and transports (push-huge), or answers
            # that are not what the draft says (push-malformed).
            huge = SCENARIO == "push-huge"
            if self.command == "OPTIONS":
                return self.answer(200, headers=[("DAV", "1, 3, calendar-access, sync-collection, webdav-push")])
            if self.command == "PROPFIND":
                topic = "t" * 1_000_000 if huge else "topic-1"
                transports = "<p:transports>" + ("<p:web-push>" * 30 + "</p:web-push>" * 30 if huge else "<p:web-push/>") + "</p:transports>"
                props = calendar_props(self.path).replace(
                    "</d:prop>", f"{transports}<p:topic>{escape(topic)}</p:topic></d:prop>", 1)
                return self.answer(207, multistatus([props]).replace(
                    'xmlns:d="DAV:"', 'xmlns:d="DAV:" xmlns:p="https://bitfire.at/webdav-push"', 1), xml)
            if self.command == "POST":
                if SCENARIO == "push-elsewhere":
                    return self.answer(201, headers=[("Location", f"http://127.0.0.2:{main}/subscriptions/1"),
                                                     ("Expires", "Sun, 06 Nov 2094 08:49:37 GMT")])
                return self.answer(201, headers=[("Location", "/subscriptions/" + "s" * 5000),
                                                 ("Expires", "yesterday, or never")])
        if self.command == "PROPFIND" and SCENARIO == "family":
            # A display name of a megabyte.
            return self.answer(207, multistatus([calendar_props(self.path, "Tasks " + "n" * 1_000_000)]), xml)
        if self.command == "PROPFIND":
            return self.answer(207, multistatus([calendar_props(self.path)]), xml)
        if SCENARIO == "byte-store":
            return self.byte_store(body, xml)
        if self.command == "REPORT" and "sync-collection" in body:
            return self.sync_collection(body, xml)
        if self.command == "REPORT" and "calendar-multiget" in body:
            wanted = {h.replace("&amp;", "&") for h in re.findall(r"<d:href>(.*?)</d:href>", body)}
            objects = [entry(o) for o in calendar_objects()]
            responses = [object_response(h, e, d) for (h, e, d) in objects if h in wanted]
            return self.answer(207, multistatus(responses), xml)
        if self.command == "PUT":
            if SCENARIO == "always-412":
                return self.answer(412)
            if SCENARIO == "refuse-one" and self.path.endswith("/refused.ics"):
                # As sabre/dav (Nextcloud) refuses a second object with a UID it holds.
                return self.answer(403, '<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:" '
                                   'xmlns:s="http://sabredav.org/ns" xmlns:cal="urn:ietf:params:xml:ns:caldav">'
                                   '<cal:no-uid-conflict/><s:exception>Sabre\\DAV\\Exception\\Forbidden</s:exception>'
                                   '<s:message>Calendar object with uid already exists in this calendar collection.'
                                   '\x1b[31m</s:message></d:error>', xml)
            return self.answer(201, headers=[("ETag", '"written"')])
        if self.command == "DELETE":
            return self.answer(204)
        return self.answer(404)

    def byte_store(self, body, xml):
        """Objects as they were PUT: every answer carries their bytes unchanged (a CR as
        &#13;, which XML would otherwise turn into a line feed)."""
        def response(href, etag, data, with_data=True):
            text = data.decode("utf-8", "replace") if with_data else None
            answer = object_response(href, etag, text)
            return answer if text is None else answer.replace("\r", "&#13;")
        with STORE_LOCK:
            current = STORE.get(self.path)
            if self.command == "REPORT":
                wanted = None
                if "calendar-multiget" in body:
                    wanted = {h.replace("&amp;", "&") for h in re.findall(r"<d:href>(.*?)</d:href>", body)}
                responses = [response(h, e, d, "calendar-data" in body) for h, (e, d) in sorted(STORE.items())
                             if wanted is None or h in wanted]
                token = None if wanted is not None else f"http://hostile/sync/{len(STORE)}-{hashlib.sha1(repr(sorted(STORE.items())).encode()).hexdigest()[:8]}"
                return self.answer(207, multistatus(responses, token), xml)
            if self.command == "GET":
                if current is None:
                    return self.answer(404)
                return self.answer(200, current[1], [("ETag", current[0]), ("Content-Type", "text/calendar")])
            match = self.headers.get("If-Match")
            if match is not None and (current is None or current[0] != match):
                return self.answer(412)
            if self.headers.get("If-None-Match") == "*" and current is not None:
                return self.answer(412)
            if self.command == "PUT":
                etag = '"' + hashlib.sha1(self.raw_body).hexdigest()[:16] + '"'
                STORE[self.path] = (etag, self.raw_body)
                return self.answer(204 if current else 201, headers=[("ETag", etag)])
            if self.command == "DELETE":
                if current is None:
                    return self.answer(404)
                del STORE[self.path]
                return self.answer(204)
        return self.answer(404)

    def sync_collection(self, body, xml):
        if SCENARIO == "deep-xml":
            depth = 100_000
            return self.answer(207, '<d:multistatus xmlns:d="DAV:">' + "<d:x>" * depth + "</d:x>" * depth + "</d:multistatus>", xml)
        if SCENARIO == "not-xml":
            return self.answer(207, '<?xml version="1.0"?>\n<d:multistatus xmlns:d="DAV:">\n<d:response><d:href>/cal/a.ics</d:hr>\n', xml)
        if SCENARIO == "trickle":
            self.send_response(207)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            for _ in range(120):
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(1)
            return
        if SCENARIO == "gzip-bomb":
            return self.answer(207, BOMB, xml + [("Content-Encoding", "gzip")])
        if SCENARIO == "huge":
            size = 200 << 20
            self.send_response(207)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(size))
            self.end_headers()
            chunk = b" " * (1 << 20)
            for _ in range(size >> 20):
                self.wfile.write(chunk)
            return
        if SCENARIO == "davical":
            # As DAViCal answers by default: each object's calendar-data is 404 (and costs
            # it a database query), so the objects must be fetched after.
            responses = [object_response(h, e).replace("</d:response>", "<d:propstat><d:prop><c:calendar-data/>"
                         "</d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response>")
                         for (h, e, d) in (entry(o) for o in calendar_objects())]
            return self.answer(207, multistatus(responses, "http://hostile/sync/1"), xml)
        with_data = "calendar-data" in body
        responses = [object_response(h, e, d if with_data else None) for (h, e, d) in (entry(o) for o in calendar_objects())]
        return self.answer(207, multistatus(responses, "http://hostile/sync/1"), xml)


BOMB = b""
if SCENARIO == "gzip-bomb":
    # 1 GiB of spaces compresses to about 1 MB.
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    zeros = b" " * (1 << 20)
    BOMB = b"".join(compressor.compress(zeros) for _ in range(1024)) + compressor.flush()


def serve(listener, host, port, tls=None):
    handler = type(listener, (Handler,), {"listener": listener})
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    # A client hanging up mid-answer is what several scenarios expect: nothing to print.
    server.handle_error = lambda request, address: None
    if tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(tls[0], tls[1])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


def main():
    for _ in range(50):
        try:
            PORTS["main"] = serve("main", "127.0.0.1", 0, TLS)
            serve("other_host", "127.0.0.2", PORTS["main"])
            break
        except OSError:
            continue
    PORTS["other_port"] = serve("other_port", "127.0.0.1", 0)
    if TLS:
        PORTS["plain"] = serve("plain", "127.0.0.1", 0)
    with open(os.path.join(FOLDER, "ports.json.tmp"), "w") as f:
        json.dump(PORTS, f)
    os.rename(os.path.join(FOLDER, "ports.json.tmp"), os.path.join(FOLDER, "ports.json"))
    while True:
        time.sleep(3600)


main()
