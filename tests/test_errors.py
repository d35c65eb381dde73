"""Errors as people read them: a spent retry names its cause, not tenacity's Future."""

from __future__ import annotations

from tenacity import Future, RetryError

from inspect_stamina.errors import error_text


def _spent_retry(cause: BaseException) -> RetryError:
    # tenacity is Inspect's own retry library: this is what its retry loop raises
    attempt = Future(attempt_number=3)
    attempt.set_exception(cause)
    return RetryError(attempt)


def test_a_spent_retry_reads_as_its_last_attempts_error() -> None:
    wrapped = _spent_retry(ConnectionError("[bold]Connection refused[/bold]\nat port 8080"))
    assert "Future" in str(wrapped)  # what a record showed before
    assert error_text(wrapped) == "ConnectionError: Connection refused at port 8080"


def test_a_timeout_without_text_says_what_it_was() -> None:
    assert error_text(_spent_retry(TimeoutError())) == "TimeoutError: no reply before the deadline"


def test_long_errors_are_cut_to_the_limit() -> None:
    assert len(error_text(ValueError("x" * 5000), limit=120)) == 120
    assert error_text(RuntimeError()) == "RuntimeError"
