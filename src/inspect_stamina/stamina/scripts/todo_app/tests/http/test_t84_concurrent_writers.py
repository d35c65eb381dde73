"""Turn 84 (executed): two people editing one todo at once, over real HTTP against gunicorn
with several workers: of concurrent updates that send the same version, exactly one wins
and the others get 409 CONFLICT; nothing is lost or counted twice.

The clients sign up and send a Bearer token as a real client would (turns 51 and 72).
"""

import threading

WRITERS = 6
# a race shows only when requests interleave: several rounds, each on a fresh todo
ROUNDS = 8


def _race(server, token, url, titles):
    """PATCH the titles with version 1 at once, a thread each: the responses, in order."""
    start = threading.Barrier(len(titles))
    responses = [None] * len(titles)

    def send(index):
        start.wait()
        responses[index] = server.patch(url, {"title": titles[index], "version": 1}, token=token)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(titles))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return responses


def _new_todo(server, token, title):
    created = server.post("/api/v1/todos/", {"title": title}, token=token)
    assert created.status_code == 201, (
        f"creating a todo over HTTP should answer 201, got {created.status_code}: {created.content[:300]!r}"
    )
    assert created.json().get("version") == 1, f"a new todo has version 1: {created.content[:300]!r}"
    return f"/api/v1/todos/{created.json()['id']}/"


def test_of_concurrent_writers_with_one_version_exactly_one_wins(gunicorn_app, volunteer):
    token = volunteer["access"]
    for round_ in range(ROUNDS):
        url = _new_todo(gunicorn_app, token, "shared")
        titles = [f"writer {i}" for i in range(WRITERS)]
        responses = _race(gunicorn_app, token, url, titles)
        statuses = sorted(r.status_code for r in responses)
        assert statuses == [200] + [409] * (WRITERS - 1), (
            f"round {round_ + 1}: {WRITERS} simultaneous PATCHes with version 1: one 200 and "
            f"{WRITERS - 1} 409s expected, got {statuses}\n{gunicorn_app.log()}"
        )
        for response in responses:
            if response.status_code == 409:
                assert (response.json() or {}).get("error", {}).get("code") == "CONFLICT", (
                    f"a losing writer gets error.code CONFLICT: {response.content[:300]!r}"
                )
        winner = next(t for t, r in zip(titles, responses) if r.status_code == 200)
        current = gunicorn_app.get(url, token=token)
        assert current.status_code == 200, f"GET {url} should answer 200, got {current.status_code}"
        assert current.json().get("version") == 2, f"one update happened, so version is 2: {current.content!r}"
        assert current.json().get("title") == winner, f"the winner's title is kept: {current.content!r}"


def test_the_loser_retries_with_the_current_version(gunicorn_app, volunteer):
    token = volunteer["access"]
    url = _new_todo(gunicorn_app, token, "draft")
    responses = _race(gunicorn_app, token, url, ["ann's", "bob's"])
    assert sorted(r.status_code for r in responses) == [200, 409], (
        f"of two simultaneous writers one wins: {[r.status_code for r in responses]}"
    )
    again = gunicorn_app.patch(url, {"title": "merged", "version": 2}, token=token)
    assert again.status_code == 200 and again.json().get("version") == 3, (
        f"a retry with the current version 2 succeeds: {again.status_code} {again.content[:300]!r}"
    )
