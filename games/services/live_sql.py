"""The live path's statements, on a plain cursor. Reads: a match locked and read (`lock_match`),
or read without a lock (`match_row`, for a snapshot), its version (`match_version`, for a socket's
keeper), its seats with their players (`match_seats`), a seat's earlier moves (`earlier_moves`,
for `play.do_submit`), the events a snapshot shows (`shown_events`) and the chat's last lines with
their speakers (`recent_chat`). Writes: the move's and the start's log rows (`insert_actions`),
the match (`save_match`), the seat marks of a step (`save_seat_marks`, for turn_clock) and the
seats' public labels (`save_seat_labels`).

Why not the ORM here: a move is one transaction, and at 100 tables the daphne processes spent most
of their CPU in it, half of that in the ORM building each query and its objects (about 0.5 ms of
CPU a query, against 0.25 ms for the same statement run on a cursor: docs/releasing.md, "A move
with fewer ORM layers"); through the ORM a table's start and the snapshot its socket is then
sent cost three moves' CPU (docs/releasing.md, "A cheaper start"). These statements are every
move's, every seated write's, the start's and every snapshot's, so they are
written once per process, from the models' own metadata (tables, columns, quoting), and the rows
become model instances through the documented hooks (`Model.from_db`, each field's
`from_db_value`): the objects are the ones the ORM gives, related players cached as
`select_related` caches them. A field added to a model is read here too; every other read and
write of the site stays on the ORM. tests/games/test_live_sql.py compares each with its ORM twin.
"""
import json
from functools import cache

from django.apps import apps
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import JSONField
from django.db.models.expressions import Col

from games.models import ChatMessage, Match, MatchAction, Seat
from wonders_site import compact_json

BIGINT = 2 ** 63


class RowReader:
    """Rows of `model`'s concrete columns (in `_meta` order, from a table aliased `alias`) as
    model instances, converted as the ORM converts them."""

    def __init__(self, model, alias):
        self.model = model
        self.fields = model._meta.concrete_fields
        self.attnames = [f.attname for f in self.fields]
        quote = connection.ops.quote_name
        self.columns = [f"{alias}.{quote(f.column)}" for f in self.fields]
        self.converters = []
        for index, field in enumerate(self.fields):
            column = Col(alias, field)
            found = _converters(column)
            if found:
                self.converters.append((index, column, found))

    def instance(self, values, conn=None):
        conn = conn or current_connection()
        values = list(values)
        for index, column, converters in self.converters:
            for convert in converters:
                values[index] = convert(values[index], column, conn)
        return self.model.from_db(conn.alias, self.attnames, values)


def current_connection():
    """This thread's connection itself, not `django.db.connection`: that proxy looks the
    connection up (an asgiref Local) at every attribute read, and preparing or reading a move's
    values read it some sixty times a move (docs/releasing.md)."""
    return connections[DEFAULT_DB_ALIAS]


def live_cursor():
    """The backend's cursor for these statements: on PostgreSQL one that binds on the server, so
    they are prepared once per connection (wonders_site/postgresql/base.py); else Django's."""
    conn = current_connection()
    make = getattr(conn, "server_bound_cursor", None)
    return make() if make is not None else conn.cursor()


def _quote(name):
    return connection.ops.quote_name(name)


def _converters(column):
    """What the ORM's compiler applies to a value read from `column`: the backend's, then the
    field's own (`from_db_value`; a JSON column's through orjson, see `_json_reader`)."""
    found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
    field = column.target
    if isinstance(field, JSONField) and field.decoder is None:
        found = [_json_reader(field) if convert == field.from_db_value else convert for convert in found]
    return found


def _json_reader(field):
    """`field.from_db_value` with the live path's parser (`compact_json.loads`, orjson): the
    match's whole state is read on every move, and the standard library's parser took about 2% of
    daphne's CPU at 500 tables (py-spy, docs/releasing.md). Text that is not JSON stays as it is,
    as the field leaves it."""
    def read(value, expression, conn):
        if not isinstance(value, (str, bytes)):
            return field.from_db_value(value, expression, conn)
        try:
            return compact_json.loads(value)
        except json.JSONDecodeError:
            return value
    return read


@cache
def _match_statement(locked):
    reader = RowReader(Match, "m")
    pk = _quote(Match._meta.pk.column)
    # SQLite locks the whole file for a write transaction instead.
    lock = " FOR UPDATE" if locked and connection.features.has_select_for_update else ""
    return reader, f"SELECT {', '.join(reader.columns)} FROM {_quote(Match._meta.db_table)} m WHERE m.{pk} = %s{lock}"


def match_id_of(value):
    """`value` as a match's primary key, or None when it cannot be one (the ORM's own coercion:
    digits in a string pass; junk, None and numbers beyond the column do not)."""
    try:
        pk = Match._meta.pk.get_prep_value(value)
    except (ValueError, TypeError):
        return None
    return pk if isinstance(pk, int) and -BIGINT <= pk < BIGINT else None


def lock_match_row(match_id):
    """The match row locked for the rest of the transaction (the caller is inside one), or None."""
    return _read_match(match_id, locked=True)


def match_row(match_id):
    """`Match.objects.filter(pk=match_id).first()`, or None when `match_id` cannot be a match's."""
    return _read_match(match_id, locked=False)


@cache
def _version_statement():
    return (f"SELECT {_quote(Match._meta.get_field('version').column)} FROM {_quote(Match._meta.db_table)} "
            f"WHERE {_quote(Match._meta.pk.column)} = %s")


def match_version(match_id):
    """The match's version, or None when there is no such match: what an open socket's keeper
    reads every few seconds when nothing has reached it (games/consumers.py)."""
    pk = match_id_of(match_id)
    if pk is None:
        return None
    with live_cursor() as cursor:
        cursor.execute(_version_statement(), [pk])
        row = cursor.fetchone()
    return row[0] if row is not None else None


def _read_match(match_id, locked):
    pk = match_id_of(match_id)
    if pk is None:
        return None
    reader, sql = _match_statement(locked)
    with live_cursor() as cursor:
        cursor.execute(sql, [pk])
        row = cursor.fetchone()
    return reader.instance(row) if row is not None else None


@cache
def _with_users_statement(model, tail):
    """Rows of `model` with their users (and the users' profiles, where accounts is installed),
    joined as select_related joins them; `tail`: what follows `WHERE` (conditions, order, limit),
    on the model's table aliased `r`."""
    user_model = model._meta.get_field("user").related_model
    rows, users = RowReader(model, "r"), RowReader(user_model, "u")
    user_pk = _quote(user_model._meta.pk.column)
    joins = (f"LEFT OUTER JOIN {_quote(user_model._meta.db_table)} u "
             f"ON r.{_quote(model._meta.get_field('user').column)} = u.{user_pk}")
    readers = [rows, users]
    profile_field = None
    if apps.is_installed("accounts"):
        profile_field = user_model._meta.get_field("profile").remote_field  # Profile.user
        profile_model = profile_field.model
        profiles = RowReader(profile_model, "p")
        readers.append(profiles)
        joins += (f" LEFT OUTER JOIN {_quote(profile_model._meta.db_table)} p "
                  f"ON p.{_quote(profile_field.column)} = u.{user_pk}")
    columns = ", ".join(c for reader in readers for c in reader.columns)
    return readers, profile_field, f"SELECT {columns} FROM {_quote(model._meta.db_table)} r {joins} WHERE {tail}"


def _with_users(model, tail, params, match):
    """The rows of `_with_users_statement(model, tail)`, each with its user (and profile) and its
    `match` cached."""
    readers, profile_field, sql = _with_users_statement(model, tail)
    user_field, match_field = model._meta.get_field("user"), model._meta.get_field("match")
    with live_cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    found = []
    conn = current_connection()
    for row in rows:
        parts, start = [], 0
        for reader in readers:
            parts.append(row[start:start + len(reader.fields)])
            start += len(reader.fields)
        instance = readers[0].instance(parts[0], conn)
        if match is not None:
            match_field.set_cached_value(instance, match)
        if instance.user_id is not None:
            user = readers[1].instance(parts[1], conn)
            user_field.set_cached_value(instance, user)
            if profile_field is not None:
                profile = readers[2].instance(parts[2], conn) if parts[2][0] is not None else None
                profile_field.remote_field.set_cached_value(user, profile)
                if profile is not None:
                    profile_field.set_cached_value(profile, user)
        else:
            user_field.set_cached_value(instance, None)
        found.append(instance)
    return found


def seats_of(match):
    """The match's seats in number order, each with its user (and profile) cached."""
    tail = f"r.{_quote(Seat._meta.get_field('match').column)} = %s ORDER BY r.{_quote('number')}"
    return _with_users(Seat, tail, [match.pk], match)


def recent_chat(match_id, limit):
    """The match's last `limit` chat lines, newest first, each with its speaker (and profile)
    cached: `ChatMessage.objects.filter(match_id=).select_related(user, profile).order_by("-id")[:limit]`."""
    pk = _quote(ChatMessage._meta.pk.column)
    tail = f"r.{_quote(ChatMessage._meta.get_field('match').column)} = %s ORDER BY r.{pk} DESC LIMIT %s"
    return _with_users(ChatMessage, tail, [match_id, limit], None)


@cache
def _shown_events_statement():
    table = _quote(MatchAction._meta.db_table)
    col = {name: _quote(MatchAction._meta.get_field(name).column) for name in ("match", "events", "version", "index")}
    column = Col(table, MatchAction._meta.get_field("events"))
    return (f"SELECT {col['events']} FROM {table} WHERE {col['match']} = %s AND {col['version']} <= %s "
            f"ORDER BY {col['index']}"), column, _converters(column)


def shown_events(match):
    """The events lists of the match's log rows up to `match.version`, in log order, those with
    none left out (most rows: a move's events ride on its last entry)."""
    sql, column, converters = _shown_events_statement()
    with live_cursor() as cursor:
        cursor.execute(sql, [match.pk, match.version])
        rows = cursor.fetchall()
    conn = current_connection()
    shown = []
    for (events,) in rows:
        for convert in converters:
            events = convert(events, column, conn)
        if events:
            shown.append(events)
    return shown


@cache
def _earlier_moves_statement():
    table = _quote(MatchAction._meta.db_table)
    col = {name: _quote(MatchAction._meta.get_field(name).column)
           for name in ("match", "seat", "client_id", "action", "version", "by")}
    select = f"SELECT {col['client_id']}, {col['action']}, {col['version']}, {col['by']} FROM {table}"
    where = f"WHERE {col['match']} = %s AND {col['seat']} = %s"
    in_step = f"({col['version']} > %s AND {col['by']} = %s)"
    action = MatchAction._meta.get_field("action")
    column = Col(table, action)
    converters = _converters(column)
    return (f"{select} {where} AND {in_step}",
            f"{select} {where} AND ({in_step} OR {col['client_id']} = %s)",
            column, converters)


def earlier_moves(match, number, client_id):
    """(the seat's earlier move with `client_id` as (action, version), or None; how many moves the
    seat made as a player in the current step), in one query."""
    in_step_only, with_client_id, column, converters = _earlier_moves_statement()
    params = [match.pk, number, match.step_version, MatchAction.By.PLAYER.value]
    with live_cursor() as cursor:
        if client_id is None:
            cursor.execute(in_step_only, params)
        else:
            cursor.execute(with_client_id, params + [client_id])
        rows = cursor.fetchall()
    done, made = None, 0
    for row_client_id, action, version, by in rows:
        if client_id is not None and row_client_id == client_id:
            for convert in converters:
                action = convert(action, column, current_connection())
            done = (action, version)
        if version > match.step_version and by == MatchAction.By.PLAYER:
            made += 1
    return done, made


@cache
def _save_match_statement():
    fields = [f for f in Match._meta.concrete_fields if not f.primary_key]
    assignments = ", ".join(f"{_quote(f.column)} = %s" for f in fields)
    sql = f"UPDATE {_quote(Match._meta.db_table)} SET {assignments} WHERE {_quote(Match._meta.pk.column)} = %s"
    return fields, sql


def save_match(match):
    """`match.save()` for a match that exists, as one UPDATE of every column (what `save` writes),
    without `save`'s signals: the move's write. Nothing listens to Match's saves; a receiver added
    one day would have to be called from here too (tests/games/test_live_sql.py says so)."""
    fields, sql = _save_match_statement()
    conn = current_connection()
    values = [f.get_db_prep_save(f.pre_save(match, False), conn) for f in fields]
    with live_cursor() as cursor:
        cursor.execute(sql, values + [match.pk])


@cache
def _insert_actions_statement(count):
    fields = [f for f in MatchAction._meta.concrete_fields if not f.primary_key]
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    columns = ", ".join(_quote(f.column) for f in fields)
    return fields, f"INSERT INTO {_quote(MatchAction._meta.db_table)} ({columns}) VALUES {', '.join([row] * count)}"


MAX_ACTIONS_AT_ONCE = 64  # a move's entries: its own, chance entries, the quick bots' (a handful)


def insert_actions(actions):
    """`MatchAction.objects.bulk_create(actions)` (new rows; their ids are not read back), in
    statements of at most MAX_ACTIONS_AT_ONCE rows."""
    conn = current_connection()
    for start in range(0, len(actions), MAX_ACTIONS_AT_ONCE):
        chunk = actions[start:start + MAX_ACTIONS_AT_ONCE]
        fields, sql = _insert_actions_statement(len(chunk))
        values = [f.get_db_prep_save(f.pre_save(action, True), conn) for action in chunk for f in fields]
        with live_cursor() as cursor:
            cursor.execute(sql, values)


@cache
def _seat_marks_statement(count):
    names = ("waiting_since", "deadline", "remind_at")
    fields = [Seat._meta.get_field(name) for name in names]
    assignments = ", ".join(f"{_quote(f.column)} = %s" for f in fields)
    pks = ", ".join(["%s"] * count)
    return fields, f"UPDATE {_quote(Seat._meta.db_table)} SET {assignments} WHERE {_quote(Seat._meta.pk.column)} IN ({pks})"


def save_seat_marks(pks, marks):
    """`Seat.objects.filter(pk__in=pks).update(waiting_since=, deadline=, remind_at=)` with
    `marks` = (waiting_since, deadline, remind_at)."""
    fields, sql = _seat_marks_statement(len(pks))
    conn = current_connection()
    values = [f.get_db_prep_save(value, conn) for f, value in zip(fields, marks)]
    with live_cursor() as cursor:
        cursor.execute(sql, values + list(pks))


@cache
def _seat_labels_statement():
    field = Seat._meta.get_field("labels")
    return field, (f"UPDATE {_quote(Seat._meta.db_table)} SET {_quote(field.column)} = %s "
                   f"WHERE {_quote(Seat._meta.pk.column)} = %s")


def save_seat_labels(seats):
    """`Seat.objects.bulk_update(seats, ["labels"])`: one UPDATE a seat, sent as one batch."""
    if not seats:
        return
    field, sql = _seat_labels_statement()
    conn = current_connection()
    with live_cursor() as cursor:
        cursor.executemany(sql, [[field.get_db_prep_save(seat.labels, conn), seat.pk] for seat in seats])
