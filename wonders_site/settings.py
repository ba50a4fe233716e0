"""Settings for Wonders. Every knob comes from an environment variable (see README)."""
import re
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from redis.connection import parse_url as parse_redis_url

from wonders_site.env import env_bool, env_choice, env_float, env_int, env_list, env_str, env_url

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "insecure-development-key-do-not-use-in-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "rest_framework",
    "knox",
    "django_filters",
    "drf_spectacular",
    "axes",
    "cards",
    "games",
    "games.history",
    "accounts",
    "drf_spectacular_sidecar",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and API answers compressed (Django pads them against BREACH); static files come
    # precompressed from WhiteNoise above.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: turns a locked-out login into accounts.lockout's 429 page.
    "axes.middleware.AxesMiddleware",
    # Sync only, innermost: under ASGI the chain above runs in one thread (wonders_site/middleware.py).
    "wonders_site.middleware.OneThreadForTheChain",
]

# HTTPS. On by default when DEBUG is off (production); HTTPS=false for a plain-HTTP run with debug
# off (a local check, the integration tests). Behind a proxy that ends TLS, the proxy must set
# X-Forwarded-Proto (PROXY_SSL_HEADER, on with HTTPS).
HTTPS = env_bool("HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 31536000, minimum=0) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS and env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = HTTPS and env_bool("HSTS_PRELOAD", True)
if HTTPS and env_bool("PROXY_SSL_HEADER", True):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Content-Security-Policy (django-csp): the site's own scripts, styles and images only; data in
# pages travels as <script type="application/json"> (never executed); inline style attributes are
# allowed for the profile's bar widths and nothing else inline.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

ROOT_URLCONF = "wonders_site.urls"
ASGI_APPLICATION = "wonders_site.asgi.application"
WSGI_APPLICATION = "wonders_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # Each game's folder (games/presentation/<id>/templates) serves "games/<id>/...".
            "loaders": [("django.template.loaders.cached.Loader", [
                "django.template.loaders.filesystem.Loader",
                "django.template.loaders.app_directories.Loader",
                "games.presentation.files.GameTemplateLoader",
            ])],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": ["wonders_site.dates"],
        },
    },
]

# Database: SQLite file by default, PostgreSQL when DATABASE_URL says so.
DATABASE_URL = env_url("DATABASE_URL", ("sqlite", "postgres", "postgresql"))
if DATABASE_URL:
    # PostgreSQL: no persistent connections (under ASGI every request runs in a thread of its own
    # and kept connections piled up to the server's limit), but a pool per process (psycopg's, as
    # Django offers it): DB_POOL_MAX bounds what one process (daphne, a Celery worker) holds.
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Django's backend, whose pooled connections are tested as they leave the pool (one the
        # server ended is replaced, and its dead siblings with it: wonders_site/postgresql/base.py).
        DATABASES["default"]["ENGINE"] = "wonders_site.postgresql"
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": env_int("DB_POOL_MAX", 8, minimum=1),
            "timeout": env_int("DB_POOL_TIMEOUT", 10, minimum=1),
        }
        # The live path's statements bind on the server (wonders_site/postgresql/base.py): psycopg
        # prepares one from its fifth run on a connection. Django turns preparing off for poolers
        # such as PgBouncer in transaction mode; behind one, set DB_PREPARED_STATEMENTS=false.
        if env_bool("DB_PREPARED_STATEMENTS", True):
            DATABASES["default"]["OPTIONS"]["prepare_threshold"] = 5
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# Game sockets' database calls: by default asgiref runs every one in a single thread per process,
# so one table's move waited behind every other's. With PostgreSQL's pool they run in a pool of
# threads; SQLite (one writer) keeps the single thread.
DB_CALLS_SHARE_A_THREAD = env_bool("DB_CALLS_SHARE_A_THREAD", DATABASES["default"]["ENGINE"].endswith("sqlite3"))
# The size of that pool of threads (games/consumers.py). More threads than cores only fight over
# the GIL: at 100 tables daphne spent about a fifth more CPU a move with 6 than with 2 (bench_live).
DB_THREADS = env_int("DB_THREADS", 2, minimum=1)

# Redis: unset means the in-memory channel layer and bot turns run in-process.
REDIS_URL = env_url("REDIS_URL", ("redis", "rediss"))
if REDIS_URL:
    # Pub/sub by default: a message published once reaches every daphne subscribed to its group,
    # pushed, where the list-based layer (CHANNEL_LAYER=lists) took several round trips per message
    # and one message at a time per process (measured: bench_live, docs/releasing.md). Nothing is
    # stored: a socket that was not subscribed when an update left resyncs from its snapshot.
    CHANNEL_LAYER = env_choice("CHANNEL_LAYER", ("pubsub", "lists"), "pubsub")
    CHANNEL_LAYERS = {
        "default": {
            # "lists": channels_redis' list-based layer, less its leak (wonders_site/channel_layer.py).
            "BACKEND": {"pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
                        "lists": "wonders_site.channel_layer.RedisChannelLayer"}[CHANNEL_LAYER],
            # redis-py 8 times socket reads out after 5 s by default, as long as the list-based
            # layer's own blocking read: every idle socket died with 1011. Reads may wait longer
            # than that read. (The pub/sub layer polls with a read timeout of its own.)
            "CONFIG": {"hosts": [{"address": REDIS_URL,
                                  "socket_timeout": env_int("REDIS_SOCKET_TIMEOUT", 30, minimum=6)}]},
        }
    }
    if CHANNEL_LAYER == "pubsub":
        # Pub/sub channels belong to the Redis server, not to a database as the list-based layer's
        # keys do: named after the database, so a site or test stack on another database of the
        # same server does not hear this one's groups (its lobby, its match 1).
        CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = f"asgi.db{parse_redis_url(REDIS_URL).get('db') or 0}."
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# With Redis, both caches live in it, so every process (each daphne, each worker) counts the same:
# "default" holds DRF's throttles, the sign-up limit (accounts/views.py, django-ratelimit) and the
# catalogue's answers; "shared" the WebSocket and chat limits (games/socket_limits.py). Without Redis
# (make run, make test), both are per-process memory. So is "default" in an in-process test run
# (pytest sets PYTEST_VERSION), Redis or not: each test starts with no throttle or sign-up counts
# (tests/conftest.py empties in-memory caches only). The real stack's servers in the integration
# tests run without it (tests/integration/live_stack.py, deploy/) and count in Redis.
DEFAULT_CACHE_IN_REDIS = bool(REDIS_URL) and not env_str("PYTEST_VERSION")
CACHES = {
    "default": ({"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL,
                 "KEY_PREFIX": "wonders-default"} if DEFAULT_CACHE_IN_REDIS
                else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "default"}),
    "shared": ({"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL,
                "KEY_PREFIX": "wonders"} if REDIS_URL
               else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "shared"}),
}

# The catalogue API's answers (cards/api_cache.py): cached per process in the default cache, keyed by the
# catalogue's version (cards/catalogue_version.py, read from the database at most every
# CATALOGUE_VERSION_SECONDS), with an ETag and a public Cache-Control of CATALOGUE_API_MAX_AGE seconds.
CATALOGUE_API_CACHE = env_bool("CATALOGUE_API_CACHE", True)
CATALOGUE_API_MAX_AGE = env_int("CATALOGUE_API_MAX_AGE", 60, minimum=0)
CATALOGUE_VERSION_SECONDS = env_int("CATALOGUE_VERSION_SECONDS", 5, minimum=0)

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = "default"
# Celery's Django fixup closes the connection pool after every task unless connections are reused;
# the pool is kept, and each task's connection goes back to it (wonders_site/celery.py).
CELERY_DB_REUSE_MAX = env_int("CELERY_DB_REUSE_MAX", 1000, minimum=0)
CELERY_TASK_ROUTES = {"games.play_bot_turn": {"queue": "bots"}, "games.review_match": {"queue": "review"}}
# The coach's review of a finished match with people (issue 28, games/history/review.py): a task on
# the `review` queue, which a worker of its own serves at low priority (deploy/prod.py), so bot moves
# never wait behind one. REVIEW_RUNNER: "celery" (the task), "process" (no broker: a background
# thread of the server runs `manage.py review_matches --here` as a child process at nice 19, one at a
# time), "inline" (at once, in this thread: tests), "off"; empty: celery with a broker, else process.
REVIEW_RUNNER = env_choice("REVIEW_RUNNER", ("celery", "process", "inline", "off"), "")
# The search's budget per review: REVIEW_ITERATIONS rollouts per decision when set (tests), else CPU
# seconds, REVIEW_TOTAL_SECONDS for the whole match (and REVIEW_SECONDS_PER_DECISION if set).
REVIEW_ITERATIONS = env_int("REVIEW_ITERATIONS", 0, minimum=0)
REVIEW_TOTAL_SECONDS = env_float("REVIEW_TOTAL_SECONDS", 90.0, minimum=0.1)
REVIEW_SECONDS_PER_DECISION = env_float("REVIEW_SECONDS_PER_DECISION", 0.0, minimum=0.0)
# A review marked running for longer than this is taken to be lost (a killed worker): asked again.
REVIEW_STALE_SECONDS = env_int("REVIEW_STALE_SECONDS", 900, minimum=60)

# Live play. Deadlines are swept every DEADLINE_SWEEP_SECONDS (Celery beat, or
# `manage.py sweep_deadlines --loop`); the sweep also asks again the bot turns that are lost
# (games/services/bot_watch.py): neither queued in the last BOT_STALL_SECONDS nor being played by a
# worker that has shown life in the last BOT_PLAYING_SECONDS.
DEADLINE_SWEEP_SECONDS = env_int("DEADLINE_SWEEP_SECONDS", 5, minimum=1)
BOT_STALL_SECONDS = env_int("BOT_STALL_SECONDS", 30, minimum=5)
# bench/bench_live.py's stage breakdown: acks and updates carry server timestamps (off in production).
LIVE_TIMINGS = env_bool("LIVE_TIMINGS", False)
# An action that begins a step in which a person must act too (the start included), or a player's
# move that begins any step, has the step's quick (non-searching) bots choose at once, in the same
# transaction and version (games/services/play.py); off: every bot turn goes through the bots queue.
QUICK_BOTS_INLINE = env_bool("QUICK_BOTS_INLINE", True)
# The hard (search) bot's thinking time per move, in seconds.
BOT_MOVE_SECONDS = env_float("BOT_MOVE_SECONDS", 1.0, minimum=0.05)
BOT_PLAYING_SECONDS = env_int("BOT_PLAYING_SECONDS", int(BOT_MOVE_SECONDS * 3) + 5, minimum=2)
# Open tables one player may host at once (a table closes when it starts or its host leaves).
OPEN_TABLES_PER_USER = env_int("OPEN_TABLES_PER_USER", 3, minimum=1)
# Moves one seat may make within one step (a turn or a prompt): changing one's mind is allowed,
# growing the match's log without bound is not.
MOVES_PER_STEP = env_int("MOVES_PER_STEP", 12, minimum=2)
CELERY_BEAT_SCHEDULE = {
    "games-sweep-deadlines": {"task": "games.sweep_deadlines", "schedule": float(DEADLINE_SWEEP_SECONDS)},
}

# Notifications of turn-based tables (games/services/notify.py): e-mail through Django's backends.
# With EMAIL_HOST set, SMTP (EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS or
# EMAIL_USE_SSL); without it the console backend (make run prints the e-mails). SITE_URL is the
# address the e-mails' links start with; the daily digests leave at NOTIFY_DIGEST_HOUR (UTC).
EMAIL_HOST = env_str("EMAIL_HOST", "")
EMAIL_PORT = env_int("EMAIL_PORT", 25, minimum=1)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20, minimum=1)
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST
                        else "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Wonders <noreply@localhost>")
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000")
NOTIFY_DIGEST_HOUR = min(env_int("NOTIFY_DIGEST_HOUR", 7, minimum=0), 23)

# Accounts. AxesBackend first: it refuses locked-out logins before ModelBackend checks passwords.
AUTHENTICATION_BACKENDS = [
    "accounts.lockout.LockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Login rate limit (django-axes, accounts/lockout.py): a (account, client IP) pair and a client IP
# are each locked out after AXES_FAILURE_LIMIT failed logins, an account from every address after
# AXES_ACCOUNT_FAILURE_LIMIT, for AXES_COOLOFF_MINUTES. The client IP is REMOTE_ADDR: behind a
# reverse proxy, make the proxy set it (e.g. daphne --proxy-headers).
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15, minimum=1))
AXES_ACCOUNT_FAILURE_LIMIT = env_int("AXES_ACCOUNT_FAILURE_LIMIT", 50, minimum=1)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_LOCKOUT_CALLABLE = "accounts.lockout.locked_out"
AXES_HTTP_RESPONSE_CODE = 429
# A success must not wipe the IP's count, or one good account would unlock guessing at others.
AXES_RESET_ON_SUCCESS = False

# Sign-ups per client IP, as django-ratelimit's "count/period" (s, m, h, d); empty: no limit. Counted
# in the default cache: in Redis when REDIS_URL is set, so every server process shares the count.
SIGNUP_RATE = env_str("SIGNUP_RATE", "10/h")
if SIGNUP_RATE and not re.fullmatch(r"[1-9][0-9]*/[0-9]*[smhd]", SIGNUP_RATE):
    raise ImproperlyConfigured(f"SIGNUP_RATE must look like 10/h or 3/10m, not {SIGNUP_RATE!r}")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("it", _("Italian")), ("pt-br", _("Brazilian Portuguese"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Each game's folder (games/presentation/<id>/static) serves "games/<id>/...".
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "games.presentation.files.GameStaticFinder",
]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
# Production (DEBUG off): `manage.py collectstatic` writes hashed, precompressed copies (gzip and
# Brotli when installed) that WhiteNoise serves with a one-year immutable Cache-Control. With DEBUG
# on, files are served straight from static/ (no collectstatic needed).
STATIC_MANIFEST = env_bool("STATIC_MANIFEST", not DEBUG)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage" if STATIC_MANIFEST
                    else "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["wonders_site.api_filters.StrictFilterBackend"],
    "EXCEPTION_HANDLER": "wonders_site.api_errors.exception_handler",
    # API clients use a token (POST /api/auth/token/), the site's pages the session. Token first,
    # so that a request without credentials is a 401 that names the Token scheme.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "knox.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("API_ANON_RATE", "600/min"),
        "user": env_str("API_USER_RATE", "1200/min"),
        # Scoped, on top of anon/user: the score-sheet calculator and the token login.
        "score_sheet": env_str("API_SCORE_SHEET_RATE", "120/min"),
        "auth_token": env_str("API_AUTH_TOKEN_RATE", "10/min"),
    },
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 100,
    # The answers' version: `Accept: application/json; version=1` or `?version=1`, else the latest
    # (games/history/api/versioning.py; what changed between versions: docs/api-versions.md).
    "DEFAULT_VERSIONING_CLASS": "games.history.api.versioning.ApiVersioning",
    "DEFAULT_VERSION": "2",
    "ALLOWED_VERSIONS": ("1", "2"),
    "VERSION_PARAM": "version",
}
# API tokens (accounts/tokens.py, django-rest-knox): stored hashed, `Authorization: Token <token>`.
API_TOKEN_DAYS = env_int("API_TOKEN_DAYS", 90, minimum=1)
API_TOKENS_PER_USER = env_int("API_TOKENS_PER_USER", 10, minimum=1)
REST_KNOX = {"TOKEN_TTL": timedelta(days=API_TOKEN_DAYS), "AUTH_HEADER_PREFIX": "Token", "AUTO_REFRESH": False}
# /api/matches/ is cursor-paginated, newest first: this many per page, ?limit= up to the max.
API_MATCHES_PAGE_SIZE = env_int("API_MATCHES_PAGE_SIZE", 20, minimum=1)
API_MATCHES_MAX_PAGE_SIZE = env_int("API_MATCHES_MAX_PAGE_SIZE", 100, minimum=1)
SPECTACULAR_SETTINGS = {
    "TITLE": "Wonders API",
    "DESCRIPTION": "The 7 Wonders catalogue, rules, matches and players. Answers come in the version a client "
    "asks for with `Accept: application/json; version=N` or `?version=N`, else the latest (2); version 1 (score "
    "categories as fields of a row) stays readable for one version: `/api/schema/?version=1` is its schema.",
    # info.version is the answers' version the schema describes: "2", or "1" for /api/schema/?version=1.
    "VERSION": None,
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from the sidecar package's static files, never from a CDN (the CSP allows none).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Every operation documents the errors it can answer (400, 404, 429): wonders_site/api_schema.py.
    "POSTPROCESSING_HOOKS": ["wonders_site.api_schema.document_errors"],
}

# A server process's garbage collector (wonders_site/gc_tuning.py): once started, what is loaded is
# frozen and the first generation is collected every GC_THRESHOLD allocations; 0: Python's defaults.
GC_THRESHOLD = env_int("GC_THRESHOLD", 20000, minimum=0)

# bench/bench_memory.py: tracemalloc on, and a memory profile written to MEMORY_PROFILE_DIR on SIGUSR2
# (wonders_site/memory_profile.py). Slows the process down: for measuring only, never for serving.
MEMORY_PROFILE = env_bool("MEMORY_PROFILE", False)
MEMORY_PROFILE_FRAMES = env_int("MEMORY_PROFILE_FRAMES", 1, minimum=0)  # 0: no tracemalloc
MEMORY_PROFILE_DIR = env_str("MEMORY_PROFILE_DIR", "/tmp")
MEMORY_PROFILE_TRIM = env_bool("MEMORY_PROFILE_TRIM", False)  # malloc_trim before each profile

LOG_LEVEL = env_str("LOG_LEVEL", "INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
}

# Most messages accepted on a game WebSocket, per connection, in a 10-second window.
WS_RATE_LIMIT = env_int("WS_RATE_LIMIT", 40, minimum=1)
# How often a game socket joins its groups again and, when it has heard nothing, checks the match.
WS_RESUBSCRIBE_SECONDS = env_float("WS_RESUBSCRIBE_SECONDS", 5.0, minimum=0.05)
# The lobby's live list is read at most once per this many seconds in each server process, for all
# its lobby sockets: faster changes are folded into one read (games/lobby_feed.py).
LOBBY_REFRESH_SECONDS = env_float("LOBBY_REFRESH_SECONDS", 0.5, minimum=0.0)
# Across all the sockets of one player (or, signed out, one address), in every process: messages
# per 10 seconds, open sockets; and spectators' sockets per match (games/socket_limits.py).
WS_SHARED_RATE_LIMIT = env_int("WS_SHARED_RATE_LIMIT", 80, minimum=1)
WS_SOCKETS_PER_USER = env_int("WS_SOCKETS_PER_USER", 12, minimum=1)
WS_SOCKETS_PER_IP = env_int("WS_SOCKETS_PER_IP", 60, minimum=1)
WS_SPECTATORS_PER_MATCH = env_int("WS_SPECTATORS_PER_MATCH", 100, minimum=1)
# Floods (games/flood.py, docs/protocol.md "Limits"): new sockets one address may open per minute
# (every attempt counts); a socket without a seat may resync at most once per
# SPECTATOR_RESYNC_SECONDS and one address's unseated sockets SPECTATOR_RESYNCS_PER_IP times per
# 10 s; their database work runs in UNSEATED_DB_THREADS threads of its own (games/db_threads.py)
# with at most UNSEATED_QUEUE calls waiting; the spectators' snapshots kept per process
# (games/services/spectators.py: entries, least recently used dropped first).
WS_NEW_SOCKETS_PER_IP_MINUTE = env_int("WS_NEW_SOCKETS_PER_IP_MINUTE", 60, minimum=1)
SPECTATOR_RESYNC_SECONDS = env_float("SPECTATOR_RESYNC_SECONDS", 2.0, minimum=0.0)
SPECTATOR_RESYNCS_PER_IP = env_int("SPECTATOR_RESYNCS_PER_IP", 10, minimum=1)
UNSEATED_DB_THREADS = env_int("UNSEATED_DB_THREADS", 1, minimum=1)
UNSEATED_QUEUE = env_int("UNSEATED_QUEUE", 16, minimum=1)
SPECTATOR_SNAPSHOT_CACHE = env_int("SPECTATOR_SNAPSHOT_CACHE", 256, minimum=1)
# Table chat (games/services/chat.py): lines one player may say at one match per window (counted in
# the "shared" cache, so every process agrees), and how many recent lines a snapshot carries.
CHAT_RATE_LIMIT = env_int("CHAT_RATE_LIMIT", 5, minimum=1)
CHAT_RATE_WINDOW_SECONDS = env_int("CHAT_RATE_WINDOW_SECONDS", 10, minimum=1)
CHAT_HISTORY = env_int("CHAT_HISTORY", 50, minimum=1)
# "Suggest" at unrated tables (games/services/hints.py, games/hint_runner.py): the hard bot's
# search time for one suggestion, how many one player may ask per window, and the processes that
# search them (beside the server's event loop, never in its database threads).
HINT_SECONDS = env_float("HINT_SECONDS", 1.0, minimum=0.05)
HINT_RATE_LIMIT = env_int("HINT_RATE_LIMIT", 6, minimum=1)
HINT_RATE_WINDOW_SECONDS = env_int("HINT_RATE_WINDOW_SECONDS", 60, minimum=1)
HINT_PROCESSES = env_int("HINT_PROCESSES", 1, minimum=1)
