"""The history app (label "history"): records of finished matches, ratings, statistics, the
replay, the history pages and the REST API: ``record.py`` writes at the end of a match,
``queries.py`` reads for both the pages (``views.py``) and the API (``api/``).

The two writers the live-play services call are reachable from here without importing models
when this package is imported (Django loads it before the app registry is ready)."""


def record_finished_match(match, seats=None, locked=False):
    from .record import record_finished_match as record

    return record(match, seats, locked)


def record_missing():
    from .record import record_missing as record

    return record()
