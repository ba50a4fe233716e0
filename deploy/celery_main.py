"""`celery`, as `python -m celery` runs it, with one guard against a kombu failure (issue 29).

The supervisord programs worker-N and beat run `python deploy/celery_main.py -A wonders_site ...`.

The failure: when the worker loses Redis, Celery closes its broker connection, and closing the
channel puts the unacknowledged messages back in their queues (kombu's redis QoS.restore_unacked).
Now and then the transport has already let go of its connection settings by then
(`transport.client` is None), and building a client to restore with raises
`AttributeError: 'NoneType' object has no attribute 'hostname'`, which Celery treats as an
"Unrecoverable error": the worker exits (seen once in about six to twenty restarts under hard bots).
supervisord starts it again, but exit, restart and boot took 5 s in the test.

The guard: with nothing to connect with, the restore is skipped and logged instead. The messages
stay in Redis's unacked set, as they would after a crash: kombu puts them back after its visibility
timeout, and the bot turns they carried are asked again sooner by beat's sweep (BOT_STALL_SECONDS);
a bot turn played twice is refused by the match's version. The worker goes on to reconnect.
"""
import logging
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
logger = logging.getLogger("deploy.celery_main")


def guard_restore_unacked():
    from kombu.transport import redis as kombu_redis

    original = kombu_redis.QoS.restore_unacked
    if getattr(original, "wonders_guard", False):
        return

    def restore_unacked(self, client=None):
        if client is None and getattr(self.channel.connection, "client", None) is None:
            logger.warning("broker connection already closed: %d unacknowledged message(s) left for "
                           "kombu's visibility timeout and the deadline sweep", len(self._delivered))
            return None
        return original(self, client)

    restore_unacked.wonders_guard = True
    kombu_redis.QoS.restore_unacked = restore_unacked


def main():
    sys.path.insert(0, str(ROOT))  # -A wonders_site, as from the project's folder
    guard_restore_unacked()
    from celery.__main__ import main as celery_main

    celery_main()


if __name__ == "__main__":
    main()
