"""The header's badge: `{% waiting_count as waiting %}` is how many running tables wait on the
signed-in player (one indexed count; 0 signed out). static/js/my-games-badge.js keeps it live."""
from django import template

from games.services import my_games

register = template.Library()


@register.simple_tag(takes_context=True)
def waiting_count(context):
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return 0
    return my_games.waiting_count(user.pk)
