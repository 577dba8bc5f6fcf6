"""What a worker keeps of what it made, bounded by count (or by weight) and shared by its threads."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    """The most recently used values by key, up to ``size`` of them (or of their ``weight``); the least
    recently used go when a new one comes.

    Keyed by what makes a value true (a session's token and version, a language), so nothing
    kept is ever stale: a change is a new key, and the old one ages out.
    """

    def __init__(self, size: int, weight: Callable[[V], int] | None = None) -> None:
        self.size = size
        self._weight = weight
        self._items: OrderedDict[K, V] = OrderedDict()
        self._weights: dict[K, int] = {}
        self._held = 0  # the weight of what is kept
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._drop(key)
            self._items[key] = value
            self._weights[key] = weight = self._weight(value) if self._weight is not None else 1
            self._held += weight
            while self._held > self.size and len(self._items) > 1:
                self._drop(next(iter(self._items)))

    def _drop(self, key: K) -> None:
        """Forget ``key`` (the lock held)."""
        if self._items.pop(key, None) is not None:
            self._held -= self._weights.pop(key)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._weights.clear()
            self._held = 0
