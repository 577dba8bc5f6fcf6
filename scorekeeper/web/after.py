"""Work a page leaves for after its answer has been sent: the phone's answer waits for none of it.

After a hand is saved, the saving worker asks itself for the table screen the table's phones open next
(:func:`asked_as_this_phone`), so that it is drawn, and kept for every worker of the server
(:mod:`..services.shared`), before they ask for it. The work runs on one thread of its own in each
worker (:func:`after_response`), once the server has handed the answer to the phone and closed it
(gunicorn writes its access line before that): neither the save's answer nor the phone's next request on
the same connection waits for it. It is only ever a head start: a phone that asks first draws the page
itself, and the work then finds it kept. Work that fails is logged and dropped.
"""

from __future__ import annotations

import io
import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from flask import Response, after_this_request, current_app, request

log = logging.getLogger("scorekeeper.after")

#: what a request asked as this phone takes from the phone's own request: where it was sent and who sent it
#: (its cookies and languages), never a body, a condition or a compression
KEPT_HEADERS = frozenset({"HTTP_HOST", "HTTP_COOKIE", "HTTP_ACCEPT_LANGUAGE", "HTTP_USER_AGENT",
                          "HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_HOST",
                          "HTTP_X_FORWARDED_PORT", "HTTP_X_FORWARDED_PREFIX"})
KEPT_ENVIRON = frozenset({"SERVER_NAME", "SERVER_PORT", "SERVER_PROTOCOL", "SCRIPT_NAME", "REMOTE_ADDR",
                          "REMOTE_PORT", "wsgi.version", "wsgi.url_scheme", "wsgi.errors", "wsgi.multithread",
                          "wsgi.multiprocess", "wsgi.run_once"})

_lock = threading.Lock()
_thread: tuple[int, ThreadPoolExecutor] | None = None  # (the worker's pid, its after-response thread)


def after_response(work: Callable[[], None]) -> None:
    """Run ``work`` on this worker's after-response thread once this request's answer has been sent."""

    @after_this_request
    def later(response: Response) -> Response:
        response.call_on_close(lambda: _worker_thread().submit(_quietly, work))
        return response


def asked_as_this_phone(path: str, query: str = "") -> Callable[[], None]:
    """A GET of ``path`` (``?query``) as the phone of this request would send it (its cookies, languages,
    host), to be run later: its answer is dropped; what the page draws and keeps stays for the phones
    that ask for it next. ``path`` as :func:`flask.url_for` writes it."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    root = request.script_root
    environ = {k: v for k, v in request.environ.items() if k in KEPT_ENVIRON or k in KEPT_HEADERS}
    environ.update(REQUEST_METHOD="GET", PATH_INFO=path[len(root):] if path.startswith(root) else path,
                   QUERY_STRING=query, CONTENT_LENGTH="0")

    def ask() -> None:
        answer = app.wsgi_app({**environ, "wsgi.input": io.BytesIO()}, _drop_headers)
        try:
            for _chunk in answer:
                pass
        finally:
            close = getattr(answer, "close", None)
            if close is not None:
                close()

    return ask


def settled(timeout: float = 30.0) -> None:
    """Wait until the work left so far by this process's requests is done (tests and benches)."""
    found = _thread
    if found is not None and found[0] == os.getpid():
        found[1].submit(lambda: None).result(timeout)


def _drop_headers(_status: str, _headers: list[tuple[str, str]], _exc_info: object = None) -> Callable[[bytes], None]:
    return lambda _data: None


def _quietly(work: Callable[[], None]) -> None:
    try:
        work()
    except Exception:  # noqa: BLE001 - a head start that failed costs the phones nothing but the head start
        log.exception("work after a response failed")


def _worker_thread() -> ThreadPoolExecutor:
    """This process's after-response thread, started after the fork (a thread does not survive one)."""
    global _thread
    with _lock:
        if _thread is None or _thread[0] != os.getpid():
            _thread = (os.getpid(), ThreadPoolExecutor(max_workers=1, thread_name_prefix="after-response"))
        return _thread[1]

