#!/bin/bash
# Run by setup.sh with no network once the image holds everything: fails the build
# unless the offline installs work. In a new project each: `npm ci` of the template
# (every package's engines admitting this Node) and a jsdom + Testing Library test under
# vitest; plain `npm install` of each package; the Django stack (system-wide, then in a
# venv from the wheelhouse) on a JWT API test, and gunicorn serving it over HTTP.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
: "${TEMPLATE:?}" "${EXTRA_NPM_SPECS:?}" "${dependencies:?}" "${dev_dependencies:?}"
check=$(mktemp -d)
trap 'rm -rf "$check"' EXIT

mkdir "$check/web" "$check/plain" "$check/extra" "$check/django"
cp "$TEMPLATE"/package*.json "$check/web/"
cp -r "$here/web/." "$check/web/"
(cd "$check/web" && npm ci --engine-strict && npx vitest run)

# shellcheck disable=SC2086 # the lists are words
(cd "$check/plain" && npm init -y >/dev/null \
    && npm install $dependencies \
    && npm install -D $dev_dependencies)
# shellcheck disable=SC2086
(cd "$check/extra" && npm init -y >/dev/null && npm install $EXTRA_NPM_SPECS)

python3 -c "import django, rest_framework, rest_framework_simplejwt, django_filters, corsheaders, pytest_django"
cp -r "$here/django/." "$check/django/"
cd "$check/django"
python3 -m pytest -q -p no:cacheprovider --ds=settings test_api.py
# gunicorn serves the project over real HTTP: the API answers an anonymous request 401
# (on a Unix socket: the loopback interface is down in the network namespace of unshare)
gunicorn --bind "unix:$check/gunicorn.sock" --workers 2 wsgi:application &
served=$!
SOCKET="$check/gunicorn.sock" python3 - <<'PY'
import http.client, os, socket, time


class UnixConnection(http.client.HTTPConnection):
    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(os.environ["SOCKET"])


for _ in range(100):
    try:
        connection = UnixConnection("127.0.0.1", timeout=5)
        connection.request("GET", "/api/users/")
        status = connection.getresponse().status
        break
    except OSError:
        time.sleep(0.1)
else:
    raise SystemExit("gunicorn did not answer on its socket")
if status != 401:
    raise SystemExit(f"an anonymous request to the API should answer 401, got {status}")
PY
kill "$served"
wait "$served" || true
python3 -m venv venv
venv/bin/pip install --quiet -r "$here/../requirements.txt" setuptools wheel
venv/bin/python -m pytest -q -p no:cacheprovider --ds=settings test_api.py
