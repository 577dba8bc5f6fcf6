"""The app as ./scripts/run serves it, with each request's CPU time written out (for bench/tableside.py).

    gunicorn -c python:scorekeeper.gunicorn_conf timed_app:application   (bench/ on PYTHONPATH)

A request's wall time inside the server grows with everything else the machine
runs; the CPU time of the thread that answered it (``time.thread_time``) does
much less, so a shared machine still tells what a request costs. One line per
request on stdout: ``tableside-cpu <pid> CPU_µs WALL_µs "METHOD PATH"``, the
path's session token cut out.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from scorekeeper.serving import served_app

TOKEN = re.compile(r"^/(s|w)/[^/]+")


class Timed:
    """A response body that writes its request's times once the server has sent it and closed it."""

    def __init__(self, body: Iterable[bytes], line: str, began: float, cpu: float) -> None:
        self.body, self.line, self.began, self.cpu = body, line, began, cpu

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.body)

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            cpu = (time.thread_time() - self.cpu) * 1e6
            wall = (time.perf_counter() - self.began) * 1e6
            print(f"tableside-cpu <{os.getpid()}> {cpu:.0f} {wall:.0f} {self.line}", flush=True)


def timed(inner: Callable[..., Iterable[bytes]]) -> Callable[..., Iterable[bytes]]:
    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        began, cpu = time.perf_counter(), time.thread_time()
        path = TOKEN.sub(r"/\1/<cut>", environ.get("PATH_INFO", ""))
        return Timed(inner(environ, start_response), f'"{environ.get("REQUEST_METHOD")} {path}"', began, cpu)

    return app


application = timed(served_app())
