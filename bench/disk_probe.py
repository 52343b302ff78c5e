"""The disk's flushes beside a benchmark: every ``PACE_SECONDS`` an 8 kB write and an
``fdatasync`` in a folder of the disk under test, and each flush slower than
``SLOW_SECONDS`` printed as a JSON line (``start``, ``seconds``) on the system's monotonic
clock (``time.perf_counter``), which bench/realtime.py's deliveries use too.

A move on PostgreSQL commits only once its write-ahead log is flushed, so a flush that
stalls holds back every table's moves meanwhile. On a shared virtual disk such stalls come
and go with the neighbours (docs/scaling.md): this says whether a run met them. Run by
bench/realtime.py (``--disk-probe``), or alone until interrupted:

    python bench/disk_probe.py /var/lib/postgresql/15/main
"""

import json
import os
import signal
import subprocess
import sys
import tempfile
import time

PACE_SECONDS = 0.005
SLOW_SECONDS = 0.010
BLOCK = b"\0" * 8192


def probe(folder):
    """Flush until interrupted, printing the slow flushes."""
    descriptor, path = tempfile.mkstemp(prefix="kadi-disk-probe-", dir=folder)
    try:
        while True:
            start = time.perf_counter()
            os.pwrite(descriptor, BLOCK, 0)
            os.fdatasync(descriptor)
            took = time.perf_counter() - start
            if took >= SLOW_SECONDS:
                print(json.dumps({"start": start, "seconds": took}), flush=True)
            time.sleep(PACE_SECONDS)
    except KeyboardInterrupt:
        pass
    finally:
        os.close(descriptor)
        os.unlink(path)


class DiskProbe:
    """``probe`` in a process of its own, from ``start`` to ``stop`` (which gives the slow
    flushes, ``[(start, seconds)]``)."""

    def __init__(self, folder):
        self.folder = folder
        self.process = None

    def start(self):
        command = [sys.executable, __file__, str(self.folder)]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        return self

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        output, _ = self.process.communicate(timeout=10)
        return [(line["start"], line["seconds"]) for line in map(json.loads, output.splitlines())]


if __name__ == "__main__":
    probe(sys.argv[1] if len(sys.argv) > 1 else tempfile.gettempdir())
