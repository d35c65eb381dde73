"""Turns 77-78 (static): frontend/Dockerfile builds with node and serves with nginx;
deploy/nginx.conf listens on 80, falls back to index.html and proxies /api/ to backend:8000."""

import os
import re
from pathlib import Path

import pytest

WORKSPACE = Path(os.environ.get("STAMINA_WORKSPACE", "/workspace"))


def _read(relative):
    path = WORKSPACE / relative
    if not path.is_file():
        pytest.fail(f"{relative} does not exist", pytrace=False)
    return re.sub(r"\\\s*\n", " ", path.read_text(errors="replace"))


def _without_comments(text):
    return re.sub(r"#[^\n]*", "", text)


def test_frontend_dockerfile_is_multi_stage():
    text = _read("frontend/Dockerfile")
    froms = [m.group(1) for m in re.finditer(r"^\s*FROM\s+(.+)$", text, re.I | re.M)]
    assert any(re.match(r"(--\S+\s+)*node[:\s@]", f + " ", re.I) for f in froms), f"a node build stage: {froms}"
    assert any(re.match(r"(--\S+\s+)*nginx[:\s@]", f + " ", re.I) for f in froms), f"an nginx stage: {froms}"
    assert re.search(r"\bnpm\s+ci\b", text), "the build stage should npm ci"
    assert re.search(r"\bnpm\s+run\s+build\b", text), "the build stage should npm run build"
    assert re.search(
        r"^\s*COPY\s+(--\S+\s+)*--from=\S+\s+(--\S+\s+)*\S*dist/?\s+/usr/share/nginx/html/?\s*$", text, re.I | re.M
    ), "the nginx stage should COPY --from=<build> .../dist /usr/share/nginx/html"


def test_frontend_image_gets_the_nginx_conf():
    text = _read("frontend/Dockerfile")
    assert re.search(r"^\s*COPY\s+(--\S+\s+)*\S*deploy/nginx\.conf\s+/etc/nginx/\S*\s*$", text, re.I | re.M), (
        "the nginx stage should COPY deploy/nginx.conf into /etc/nginx/ (e.g. /etc/nginx/conf.d/default.conf)"
    )


def test_nginx_conf_serves_the_spa():
    conf = _without_comments(_read("deploy/nginx.conf"))
    assert re.search(r"\blisten\s+(\[::\]:|0\.0\.0\.0:)?80\b", conf), "nginx should listen on port 80"
    assert re.search(r"\btry_files\b[^;]*\s/index\.html\b[^;]*;", conf), "the SPA fallback: try_files ... /index.html"


def test_nginx_conf_proxies_the_api():
    conf = _without_comments(_read("deploy/nginx.conf"))
    block = re.search(r"\blocation\s+(\^~\s+)?/api/?\s*\{([^}]*)\}", conf)
    assert block, "nginx should have a location /api/ block"
    target = re.search(r"\bproxy_pass\s+http://([\w.-]+)(:\d+)?", block.group(2))
    assert target, "location /api/ should proxy_pass to http://backend:8000"
    host, port = target.group(1), target.group(2)
    if (host, port) != ("backend", ":8000"):
        # an upstream block naming backend:8000 will do too
        upstream = re.search(rf"\bupstream\s+{re.escape(host)}\s*\{{([^}}]*)\}}", conf)
        assert upstream and re.search(r"\bserver\s+backend:8000\b", upstream.group(1)), (
            f"/api/ should be proxied to http://backend:8000, found proxy_pass http://{host}{port or ''}"
        )
