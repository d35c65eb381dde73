"""Turn 96 (executed, end to end): the production build of the frontend, served as the
deployment serves it (the built files, /api/ passed to the backend under gunicorn),
signs a volunteer in with the login form, lists their todos from the real API, and
creates one with the form, which the API then holds.

The page runs in a DOM (jsdom) as the runner (e2e.mjs); the verdict on the new todo comes
from the API, asked by this test.
"""

import os
import subprocess

from live import WEB_RUNNER, FrontDoor, password_of, sign_up

E2E = os.path.join(os.path.dirname(__file__), "e2e.mjs")


def test_the_built_app_signs_in_lists_and_adds_against_the_api(gunicorn_app, built_frontend):
    token = sign_up(gunicorn_app, "stacker")
    made = gunicorn_app.post("/api/v1/todos/", {"title": "Buy stamps for the newsletter"}, token=token)
    assert made.status_code == 201, f"creating a todo over HTTP should answer 201, got {made.status_code}"
    with open(E2E) as handle:
        script = handle.read()
    with FrontDoor(built_frontend, gunicorn_app.port) as site:
        done = subprocess.run(
            ["node", "--input-type=module", "-", site.url, "stacker", password_of("stacker"),
             "Buy stamps for the newsletter", "Call the printer about flyers"],
            input=script,
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "STAMINA_WEB_RUNNER": str(WEB_RUNNER)},
        )
    report = (done.stdout or done.stderr)[-2500:]
    assert done.returncode == 0, f"the built app in a browser-like DOM, step by step:\n{report}"
    listed = gunicorn_app.get("/api/v1/todos/?search=printer", token=token)
    assert listed.status_code == 200 and b"Call the printer about flyers" in listed.content, (
        f"the todo added through the built app should be in the API: {listed.content[:400]!r}\n{report}"
    )
