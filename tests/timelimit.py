"""A time limit for a test's body (SIGALRM): fail with a clear message, never hang (the fuzz and the
hostile-input tests). Not a timed test: the limit is far beyond what the work needs."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator


@contextlib.contextmanager
def time_limit(seconds: int, message: str) -> Iterator[None]:
    """Raise TimeoutError(``message`` with the seconds) when the block runs longer than ``seconds``."""
    def alarm(signum, frame):  # type: ignore[no-untyped-def]
        raise TimeoutError(message.format(seconds=seconds))

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
