"""``make run``: the whole site on one machine for development, in one command.

Migrates, loads the demo data and makes the task engine's schedules match its jobs
(``manage.py schedule_jobs``), then runs two child processes side by side: daphne serving the
site on ``--port``, and the task cluster (``manage.py qcluster``) that runs the jobs whether or
not any page is open. Each child has a process group of its own, so Ctrl-C reaches this
launcher alone, which stops both (SIGTERM, then SIGKILL after ``STOP_WITHIN`` seconds); one
child exiting stops the other too, and the launcher exits with 1.

Prints ``server pid P on http://HOST:PORT`` once daphne listens and ``task cluster pid Q``
(tests/timers/test_launchers.py reads these lines).

    python -m deploy.dev --port 8000
"""

import argparse
import asyncio
import os
import signal
import subprocess
import sys

from deploy.prod import DAPHNE, ROOT, SetupError, end_group, until_listening

STOP_WITHIN = 10  # seconds a child has to stop after SIGTERM
PREPARE = (["migrate", "--noinput"], ["load_demo"], ["schedule_jobs"])


def say(text):
    print(f"kadi-run: {text}", flush=True)


def prepare(env):
    for command in PREPARE:
        say("manage.py " + " ".join(command))
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True)


async def serve(env, bind, port):
    """Run daphne and the task cluster until Ctrl-C, SIGTERM, or either one exits; stop both."""
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for stop_signal in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(stop_signal, stopping.set)
    children = []
    try:
        server = await asyncio.create_subprocess_exec(
            str(DAPHNE), "-b", bind, "-p", str(port), "kadi_site.asgi:application",
            cwd=ROOT, env=env, process_group=0,
        )
        children.append(server)
        cluster = await asyncio.create_subprocess_exec(
            sys.executable, "manage.py", "qcluster", cwd=ROOT, env=env, process_group=0
        )
        children.append(cluster)
        await until_listening(server, port, "127.0.0.1" if bind in {"0.0.0.0", "::"} else bind)
        say(f"server pid {server.pid} on http://{bind}:{port}")
        say(f"task cluster pid {cluster.pid}; Ctrl-C stops both")
        waits = {asyncio.create_task(child.wait()): child for child in children}
        stop = asyncio.create_task(stopping.wait())
        done, _ = await asyncio.wait({stop, *waits}, return_when=asyncio.FIRST_COMPLETED)
        stop.cancel()
        for ended in done - {stop}:
            say(f"{'daphne' if waits[ended] is server else 'the task cluster'} exited with {ended.result()}")
            return 1
        return 0
    finally:
        await stop_all(children)


async def stop_all(children):
    running = [child for child in children if child.returncode is None]
    for child in running:
        child.terminate()
    for child in running:
        try:
            await asyncio.wait_for(child.wait(), timeout=STOP_WITHIN)
        except TimeoutError:
            child.kill()
            await child.wait()
    for child in children:
        end_group(child.pid)  # a cluster whose main process died leaves its sentinel and workers


def main(argv=None):
    parser = argparse.ArgumentParser(description="The site and its task cluster, for development (make run).")
    parser.add_argument("--port", type=int, default=8000, help="daphne's port (default 8000)")
    parser.add_argument("--bind", default="127.0.0.1", help="daphne's address (default 127.0.0.1)")
    args = parser.parse_args(argv)
    env = dict(os.environ)
    try:
        prepare(env)
        return asyncio.run(serve(env, args.bind, args.port))
    except SetupError as error:
        say(f"could not start: {error}")
        return 1
    except KeyboardInterrupt:  # Ctrl-C while preparing
        return 130


if __name__ == "__main__":
    sys.exit(main())
