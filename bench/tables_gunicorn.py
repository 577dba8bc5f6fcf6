"""./scripts/run's gunicorn settings, with each request's CPU time logged (for bench/tables.py).

    PYTHONPATH=bench ./scripts/run -c python:tables_gunicorn

Everything scorekeeper/gunicorn_conf.py sets is kept (the later ``-c`` replaces
the first, so it is imported whole); two things are added. The access log line
names the worker, its time in microseconds and the request id the phone sent;
and after each request, the CPU time of the thread that answered it
(``time.thread_time`` from gunicorn's ``pre_request`` to its ``post_request``
hook: the app, the answer written, the access log line). On a shared machine the
wall time of a request grows with everything else the machine runs; its CPU
time much less, so this tells what a kind of request costs.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from scorekeeper.gunicorn_conf import *  # noqa: F403  (the settings ./scripts/run serves with)

access_log_format = "tables %(p)s %(D)s %({x-request-id}o)s %(s)s"

_started = threading.local()


def pre_request(worker: Any, req: Any) -> None:
    _started.cpu = time.thread_time()


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    rid = next((value for name, value in req.headers if name == "X-REQUEST-ID"), "-")
    cpu = (time.thread_time() - getattr(_started, "cpu", time.thread_time())) * 1e6
    print(f"tables-cpu <{os.getpid()}> {rid} {cpu:.0f}", flush=True)
