"""Test-only jobs the task clusters of tests/timers run (paths are fine as jobs: they are
imported by the cluster's workers, which run from the repository's root)."""

import time
from pathlib import Path

HOLD_AT_MOST = 60  # seconds a held job waits for its release before giving up


def note(folder: str, name: str) -> str:
    """Append ``name`` to ``folder``/notes (one line per run)."""
    with open(Path(folder) / "notes", "a") as notes:
        notes.write(name + "\n")
    return name


def hold(folder: str) -> str:
    """Note a start in ``folder``/started, then wait until ``folder``/release exists: a job
    that is running when its cluster is killed."""
    with open(Path(folder) / "started", "a") as started:
        started.write("started\n")
    deadline = time.monotonic() + HOLD_AT_MOST
    while not (Path(folder) / "release").exists():
        if time.monotonic() > deadline:
            raise TimeoutError("never released")
        time.sleep(0.05)  # polled: a file has nothing to wait on
    return "released"
