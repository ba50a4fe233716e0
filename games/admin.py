"""Matches in the admin: to look at, not to edit (every write goes through games.services)."""
from django.contrib import admin

from games.models import ChatMessage, Match, MatchAction, Seat


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("number", "user", "bot_level", "labels", "missed_turns", "taken_over", "joined_at")
    readonly_fields = fields


class MatchActionInline(ReadOnlyInline):
    model = MatchAction
    fields = ("index", "seat", "by", "action", "client_id", "version", "events", "created_at")
    readonly_fields = fields


class ChatMessageInline(ReadOnlyInline):
    model = ChatMessage
    fields = ("seat", "user", "text", "version", "created_at")
    readonly_fields = fields


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "status", "players", "host", "game", "options", "turn_seconds", "version",
                    "created_at", "finished_at")
    list_filter = ("status", "game", "players")
    search_fields = ("id", "host__username", "invite_code")
    inlines = [SeatInline, MatchActionInline, ChatMessageInline]
    exclude = ("state",)

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in self.model._meta.fields if f.name != "state"]

    def has_add_permission(self, request):
        return False
