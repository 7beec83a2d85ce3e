#!/usr/bin/env bash
# Makes the virtual environment the instant-sync tests run Xandikos 0.4.10 in, with
# WebDAV-Push (pywebpush, py_vapid), from PyPI: Debian 12's Xandikos predates push.
# It also holds the test push service's certificate (DIR/push-cert.pem, for 127.0.0.1),
# which the environment's CA bundle trusts: Xandikos delivers over https only.
# Usage: scripts/push-venv.sh DIR; prints DIR/bin/python once it works. Reused when made.
set -euo pipefail
dir=${1:?usage: push-venv.sh DIR}
if [ -x "$dir/bin/xandikos" ] && [ -f "$dir/push-cert.pem" ] \
  && "$dir/bin/python" -c 'import pywebpush, xandikos.webdav_push' 2>/dev/null; then
  echo "$dir/bin/python"
  exit 0
fi
rm -rf "$dir"
/usr/bin/python3 -m venv "$dir"
"$dir/bin/pip" install --quiet --disable-pip-version-check 'xandikos[webdav-push]==0.4.10' >&2
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 3650 -subj /CN=127.0.0.1 \
  -addext subjectAltName=IP:127.0.0.1 -keyout "$dir/push-key.pem" -out "$dir/push-cert.pem" 2>/dev/null
cat "$dir/push-cert.pem" >>"$("$dir/bin/python" -c 'import certifi; print(certifi.where())')"
echo "$dir/bin/python"
