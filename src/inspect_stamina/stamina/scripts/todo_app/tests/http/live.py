"""Benchmark-owned helpers: the agent's backend served by gunicorn and met over real HTTP.

These tests run as the checker (`isolation: proxied`): the agent's project is copied into
a temporary directory, and every program of its (migrate, gunicorn) starts as the runner;
the verdict comes from HTTP answers alone. The copy keeps the workspace's own database
untouched. Production settings come from the environment turn 66 names, as `docker run
-e` would give them.
"""

import http.server
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

WORKSPACE = Path(os.environ.get("STAMINA_WORKSPACE", "/workspace"))
BACKEND = WORKSPACE / "backend"
FRONTEND = WORKSPACE / "frontend"
# the image's own web tooling (Vite, jsdom, React), never the agent's node_modules
WEB_RUNNER = Path(os.environ.get("STAMINA_WEB_RUNNER", "/opt/stamina-web-runner/node_modules"))
# straight to 127.0.0.1, whatever proxy the environment names
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
# a production container's environment (turn 66): DEBUG off, the hosts a client uses
PRODUCTION_ENV = {
    "DJANGO_DEBUG": "0",
    "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(40),
}


def _open_up(root):
    """The runner writes in the copy (sqlite's database and journal beside it)."""
    for folder, directories, files in os.walk(root):
        os.chmod(folder, 0o777)
        for name in files:
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                os.chmod(path, 0o666)


def backend_copy():
    """A copy of backend/ in a directory the runner may write; the path of the copy."""
    if not (BACKEND / "manage.py").is_file():
        pytest.fail("backend/manage.py does not exist", pytrace=False)
    home = tempfile.mkdtemp(prefix="stamina-backend-")
    copy = os.path.join(home, "backend")
    shutil.copytree(
        BACKEND,
        copy,
        symlinks=True,
        copy_function=shutil.copyfile,
        ignore=shutil.ignore_patterns("__pycache__", "node_modules", ".venv", "venv"),
    )
    _open_up(home)
    return copy


def run_in(directory, *args, timeout=120):
    """Run a program of the project in a copy, with production settings; fail the test if it fails."""
    done = subprocess.run(
        list(args),
        cwd=directory,
        env={**os.environ, **PRODUCTION_ENV},
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode != 0:
        output = (done.stderr or done.stdout)[-1500:]
        pytest.fail(f"{' '.join(args)} failed ({done.returncode}):\n{output}", pytrace=False)
    return done


def free_port():
    """A TCP port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """One program of the agent's serving HTTP from a copy of backend/, stopped at the end."""

    def __init__(self, directory, command, port):
        self.directory = directory
        self.command = command
        self.port = port
        self.log_path = os.path.join(os.path.dirname(directory), "server.log")
        self.process = None

    def start(self, seconds=30):
        """Start the command and wait until the port answers."""
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                pytest.fail(f"port {self.port} is already taken before the server starts", pytrace=False)
        with open(self.log_path, "ab") as log:
            try:
                self.process = subprocess.Popen(
                    self.command,
                    cwd=self.directory,
                    env={**os.environ, **PRODUCTION_ENV},
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=log,
                )
            except OSError as error:
                pytest.fail(f"{' '.join(self.command)} could not start: {error}", pytrace=False)
        deadline = time.monotonic() + seconds
        while True:
            if self.process.poll() is not None:
                pytest.fail(
                    f"{' '.join(self.command)} exited with code {self.process.returncode}:\n{self.log()}",
                    pytrace=False,
                )
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(
                        f"{' '.join(self.command)} did not listen on port {self.port} in {seconds} s:\n{self.log()}",
                        pytrace=False,
                    )
                time.sleep(0.05)

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            # SIGQUIT: gunicorn's quick shutdown (SIGTERM waits out its graceful timeout,
            # a second per server in every check run); other servers simply stop on it
            self.process.send_signal(signal.SIGQUIT)
            try:
                self.process.wait(timeout=3)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def log(self):
        try:
            with open(self.log_path, "rb") as log:
                return log.read()[-2000:].decode("utf-8", "replace")
        except OSError:
            return ""

    def request(self, method, path, body=None, token=None):
        """One request as a real client sends it (JSON body, a Bearer token when given)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        request.add_header("Accept", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with OPENER.open(request, timeout=30) as answer:
                return Response(answer.status, answer.headers, answer.read())
        except urllib.error.HTTPError as error:
            return Response(error.code, error.headers, error.read())

    def get(self, path, token=None):
        return self.request("GET", path, token=token)

    def post(self, path, body=None, token=None):
        return self.request("POST", path, body, token)

    def patch(self, path, body=None, token=None):
        return self.request("PATCH", path, body, token)


class Response:
    """An HTTP answer: status_code, headers, content and json(), as client libraries have them."""

    def __init__(self, status_code, headers, content):
        self.status_code = status_code
        self.headers = headers
        self.content = content

    def json(self):
        """The body decoded from JSON; None when it is not JSON."""
        try:
            return json.loads(self.content.decode("utf-8", "replace"))
        except ValueError:
            return None


def password_of(name):
    """The password sign_up gives an account."""
    return "pw-" + name + "-2025"


def sign_up(server, name):
    """A new account, registered and signed in as a client would: its access token."""
    return sign_up_for_tokens(server, name)["access"]


def sign_up_for_tokens(server, name):
    """A new account, registered and signed in as a client would: its access and refresh tokens."""
    password = password_of(name)
    registered = server.post("/api/v1/auth/register/", {"username": name, "password": password})
    assert registered.status_code == 201, (
        f"POST /api/v1/auth/register/ should answer 201, got {registered.status_code}: {registered.content[:300]!r}"
    )
    tokens = server.post("/api/v1/auth/token/", {"username": name, "password": password})
    assert tokens.status_code == 200 and (tokens.json() or {}).get("access"), (
        f"POST /api/v1/auth/token/ should answer 200 with an access token, got {tokens.status_code}: "
        f"{tokens.content[:300]!r}"
    )
    return tokens.json()


# A production build of frontend/ with the image's Vite: the agent's sources and
# index.html, our configuration (nothing written to the agent's tree; one classic IIFE
# bundle, which a DOM without module scripts can run)
_BUILD_CONFIG = """\
export default {{
  root: {app},
  cacheDir: {cache},
  logLevel: "warn",
  esbuild: {{ jsx: "automatic" }},
  resolve: {{ alias: {{ react: {runner} + "/react", "react-dom": {runner} + "/react-dom" }} }},
  build: {{
    outDir: {out},
    emptyOutDir: true,
    modulePreload: false,
    rollupOptions: {{ output: {{ format: "iife", inlineDynamicImports: true }} }},
  }},
}};
"""


def production_build():
    """`vite build` of frontend/ (as the runner) into a temporary directory: the dist path."""
    if not (FRONTEND / "index.html").is_file():
        pytest.fail("frontend/index.html does not exist", pytrace=False)
    if not (WEB_RUNNER / "vite").is_dir():
        pytest.fail(f"the image has no Vite in {WEB_RUNNER}", pytrace=False)
    run = tempfile.mkdtemp(prefix="stamina-build-")
    # the runner's packages in a directory of our own: Vite writes its bundled config there
    os.mkdir(os.path.join(run, "node_modules"), 0o777)
    for package in WEB_RUNNER.iterdir():
        os.symlink(package, os.path.join(run, "node_modules", package.name))
    out = os.path.join(run, "dist")
    config = os.path.join(run, "vite.config.mjs")
    paths = {"app": str(FRONTEND), "cache": os.path.join(run, ".vite"), "runner": str(WEB_RUNNER), "out": out}
    with open(config, "w") as handle:
        handle.write(_BUILD_CONFIG.format(**{name: json.dumps(path) for name, path in paths.items()}))
    done = subprocess.run(
        ["node", str(WEB_RUNNER / "vite" / "bin" / "vite.js"), "build", "--config", config],
        cwd=run,
        env={**os.environ, "NODE_ENV": "production"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0:
        pytest.fail(f"vite build of frontend/ failed ({done.returncode}):\n{(done.stderr or done.stdout)[-2000:]}", pytrace=False)
    return out


class FrontDoor:
    """What the deployment's nginx does (turn 78), in the test: the built files, /api/ passed
    to the backend, and index.html for any other path (the single-page app's routes)."""

    def __init__(self, dist, backend_port):
        self.dist = os.path.realpath(dist)
        self.backend = f"http://127.0.0.1:{backend_port}"
        door = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _proxy(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                request = urllib.request.Request(door.backend + self.path, data=body, method=self.command)
                for name in ("Content-Type", "Authorization", "Accept"):
                    if self.headers.get(name):
                        request.add_header(name, self.headers[name])
                try:
                    with OPENER.open(request, timeout=30) as answer:
                        status, headers, content = answer.status, answer.headers, answer.read()
                except urllib.error.HTTPError as error:
                    status, headers, content = error.code, error.headers, error.read()
                self._send(status, headers.get("Content-Type", "application/octet-stream"), content)

            def _send(self, status, kind, content):
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(content)))
                self.end_headers()
                self.wfile.write(content)

            def _static(self):
                path = os.path.realpath(os.path.join(door.dist, self.path.split("?")[0].lstrip("/")))
                if not path.startswith(door.dist + os.sep) or not os.path.isfile(path):
                    path = os.path.join(door.dist, "index.html")
                kinds = {".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".svg": "image/svg+xml"}
                with open(path, "rb") as handle:
                    self._send(200, kinds.get(os.path.splitext(path)[1], "application/octet-stream"), handle.read())

            def _any(self):
                if self.path.startswith("/api/"):
                    self._proxy()
                else:
                    self._static()

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _any

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc_info):
        self.server.shutdown()
        self.server.server_close()
