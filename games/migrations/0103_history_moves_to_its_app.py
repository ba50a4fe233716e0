"""The history models move to their own app (games.history, label "history"). Their tables keep
their names (Meta.db_table), so this only removes them from the games app's state; the history
app's 0001 adds them to its own state. No row moves."""
from django.db import migrations

HISTORY_MODELS = ("MatchRecord", "SeatResult", "PlayerRating", "RatingChange", "WonderStat")


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0101_history_rated_index"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name=name) for name in HISTORY_MODELS],
            database_operations=[],
        ),
    ]
