"""Pagination of the history API: /api/matches/ by cursor (newest first, stable while new matches
arrive), /api/players/?search= by page number."""
from django.conf import settings
from django.utils.dateparse import parse_datetime
from rest_framework.exceptions import NotFound
from rest_framework.pagination import CursorPagination, PageNumberPagination

from wonders_site.api_errors import BadQueryParameter


class StrictPageSize:
    """A page size out of 1..max_page_size is a coded 400, not silently clamped."""

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None or raw == "":
            return self.page_size
        try:
            size = int(raw)
        except ValueError:
            size = 0
        if not 1 <= size <= self.max_page_size:
            raise BadQueryParameter(self.page_size_query_param, raw, [f"1..{self.max_page_size}"])
        return size


class NewestFirstCursor(StrictPageSize, CursorPagination):
    ordering = ("-finished_at", "-match_id")
    page_size_query_param = "limit"
    cursor_query_description = "The page: the `next` or `previous` link of a page gives it."
    page_size_query_description = "Matches per page (1-100, default 20)."

    def __init__(self):
        self.page_size = settings.API_MATCHES_PAGE_SIZE
        self.max_page_size = settings.API_MATCHES_MAX_PAGE_SIZE


    def decode_cursor(self, request):
        raw = request.query_params.get(self.cursor_query_param, "")
        try:
            cursor = super().decode_cursor(request)
        except NotFound:
            raise BadQueryParameter(self.cursor_query_param, raw) from None
        # The position is a finished_at instant; a crafted cursor may carry anything there.
        if cursor is not None and cursor.position is not None and not _is_instant(cursor.position):
            raise BadQueryParameter(self.cursor_query_param, raw)
        return cursor


def _is_instant(text):
    try:
        return parse_datetime(text) is not None
    except ValueError:
        return False


class PlayerSearchPages(StrictPageSize, PageNumberPagination):
    """Pages of /api/players/?search=: numbered, in the search's order (names that start with
    the search first, then by display name)."""

    page_size = 20
    max_page_size = 100
    page_size_query_param = "limit"
    page_query_description = "The page number (1 is the first); the `next` and `previous` links give it."
    page_size_query_description = "Players per page (1-100, default 20)."

