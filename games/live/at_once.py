"""A table's news taken at once by the sockets of this process that are free for it.

A channel layer hands a group message to each member's queue, and each member's consumer
wakes in a task of its own at a later turn of the event loop. When several tables' moves
land together, their stages (the move read, written, announced; each viewer's frame made
and sent) take turns on the loop, and every one of those moves reaches its viewers only
when the whole burst is done. Taken at once, a move's frames are made and written in the
very turn that announced it, before the loop goes on to the next move: moves are served
in the order they were written.

A consumer that registers here (``register``) is offered each group message the layers of
this process hand it on its own event loop (``take``) while nothing older waits in its
queue; it takes the message if it can serve it now, without waiting for anything, and
else leaves it to its queue. So a consumer busy with a message, or one with messages
waiting, keeps its order.
"""

import asyncio
import logging

logger = logging.getLogger(__name__)

_takers = {}  # channel name -> (its consumer's event loop, the consumer's take(message) -> bool)


def register(channel, take):
    """Offer ``channel``'s group messages to ``take`` (a consumer's, on this event loop)."""
    _takers[channel] = (asyncio.get_running_loop(), take)


def unregister(channel):
    _takers.pop(channel, None)


def takes(channel):
    """Whether ``channel``'s consumer may be offered a message here, on the running event
    loop (see ``take``)."""
    entry = _takers.get(channel)
    return entry is not None and entry[0] is asyncio.get_running_loop()


def take(channel, message):
    """True if ``channel``'s consumer took ``message`` (a group message, deserialised) now;
    False: it goes to the channel's queue. Only on the consumer's own event loop; the
    caller has checked that nothing waits in the queue."""
    if not takes(channel):
        return False
    try:
        return _takers[channel][1](message)
    except Exception as error:  # the consumer meets it again in its own task, which ends it
        logger.warning("A socket could not take %s at once: %r", message.get("type"), error)
        return False


def run_now(coroutine):
    """Run ``coroutine`` (an ASGI send) to its end now, if it gets there without waiting, as
    a send to daphne does (it writes the frame to Twisted's transport); else its rest runs
    in a task, which is returned."""
    try:
        waited = coroutine.send(None)
    except StopIteration:
        return None
    return asyncio.ensure_future(_finish(coroutine, waited))


async def _finish(coroutine, waited):
    """The rest of ``coroutine``, which waits for ``waited`` (a future, or None to let the
    loop turn), resumed as a task resumes the coroutine it runs."""
    try:
        while True:
            if waited is None:
                await asyncio.sleep(0)
            else:
                await asyncio.wait((waited,))
            waited = coroutine.send(None)
    except StopIteration:
        pass
    finally:
        coroutine.close()  # cancelled meanwhile: it ends there
