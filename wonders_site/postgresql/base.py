"""Django's PostgreSQL backend with three changes: a pooled connection is tested as it leaves the
pool, and when the server has ended it, so are the pool's idle ones, at once; JSON fields are
written by orjson (``DatabaseOperations.adapt_json_value``); ``server_bound_cursor`` for the
live path's statements.

Why not CONN_HEALTH_CHECKS (psycopg_pool's `check` on getconn): after the server ends every
backend (a restart, a failover, `pg_terminate_backend`), the pool holds several dead connections,
and psycopg_pool backs off between failed checks (1 s, 2 s, 4 s...: psycopg PR #711), so a request
that draws four dead ones in a row times out (PoolTimeout after DB_POOL_TIMEOUT) and a game call
closes its socket. Here the first dead one found has the pool test all its idle connections now
(`ConnectionPool.check()`, as psycopg's maintainers advise on an OperationalError), and the
request takes a fresh connection without waiting. Without a pool this is Django's backend as is.
"""
from django.db.backends.postgresql import base, operations
from psycopg import ClientCursor, DataError
from psycopg import Error as PsycopgError
from psycopg.types.json import Jsonb

from wonders_site import compact_json


class DatabaseOperations(operations.DatabaseOperations):
    def adapt_json_value(self, value, encoder):
        """A JSON field's value written by orjson (wonders_site/compact_json.py: every move writes
        the match's whole state), unless the field names an encoder of its own."""
        if encoder is None:
            return Jsonb(value, dumps=compact_json.dumps_bytes)
        return super().adapt_json_value(value, encoder)

    def last_executed_query(self, cursor, sql, params):
        """The statement as text for the logged queries (DEBUG, CaptureQueriesContext), also for
        ``server_bound_cursor``'s statements, which Django's own answer leaves as None (it reads
        the text a client-side cursor composed)."""
        if not isinstance(cursor, ClientCursor):
            try:
                return self.compose_sql(sql, params)
            except DataError:
                return None
        return super().last_executed_query(cursor, sql, params)


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations

    def server_bound_cursor(self):
        """A cursor that sends its parameters apart from its statement (server-side binding), as
        Django's cursors do with OPTIONS["server_side_binding"]: psycopg then prepares a statement
        run often on a connection (from its fifth run: `prepare_threshold`) and PostgreSQL parses
        and plans it once per connection instead of on every move. For the live path's statements
        (games/services/live_sql.py), which are few, fixed and run on every move; the rest of the
        site keeps Django's client-side binding (some ORM queries need it)."""
        self.ensure_connection()
        with self.wrap_database_errors:
            cursor = base.ServerBindingCursor(self.connection)
            tzloader = self.connection.adapters.get_loader(base.TIMESTAMPTZ_OID, base.Format.TEXT)
            if self.timezone != tzloader.timezone:  # as create_cursor does
                base.register_tzloader(self.timezone, cursor)
            return self._prepare_cursor(cursor)

    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        pool = self.pool
        if pool is None:
            return connection
        # Every connection the pool holds may be dead: one more try than that, then the error.
        for attempt in range(pool.max_size + 1):
            try:
                connection.execute("")  # one round trip; the pool's connections are in autocommit
                return connection
            except PsycopgError:
                pool.putconn(connection)  # broken: the pool closes it and makes another
                if attempt == pool.max_size:
                    raise
                pool.check()  # its idle siblings: the dead ones are replaced too
                connection = super().get_new_connection(conn_params)
