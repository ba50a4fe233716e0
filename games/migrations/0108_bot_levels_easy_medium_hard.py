"""Bot levels get the names players choose them by: the seats' levels and the bots named in the
live log's events (``left`` and ``taken_over``) go from the policies' names (random, greedy,
search) to easy, medium and hard; going back, the other way round."""
from django.db import migrations, models
from django.db.models.functions import Cast

# Frozen here: a migration describes the data as it was, not games.bots as it is.
RENAMED = {"random": "easy", "greedy": "medium", "search": "hard"}
BATCH = 500


def rename_levels(apps, names):
    Seat = apps.get_model("games", "Seat")
    for old, new in names.items():
        Seat.objects.filter(bot_level=old).update(bot_level=new)
    MatchAction = apps.get_model("games", "MatchAction")
    # Few rows have an event that names a bot: the text filter finds them without reading every
    # log as JSON, the loop below decides.
    rows = (MatchAction.objects.annotate(text=Cast("events", models.TextField()))
            .filter(text__contains='"bot"').only("pk", "events").order_by("pk"))
    batch = []
    for row in rows.iterator(chunk_size=BATCH):
        events = [_renamed(event, names) for event in row.events]
        if events != row.events:
            row.events = events
            batch.append(row)
        if len(batch) >= BATCH:
            MatchAction.objects.bulk_update(batch, ["events"])
            batch = []
    if batch:
        MatchAction.objects.bulk_update(batch, ["events"])


def _renamed(event, names):
    if isinstance(event, dict) and event.get("bot") in names:
        return {**event, "bot": names[event["bot"]]}
    return event


def forwards(apps, schema_editor):
    rename_levels(apps, RENAMED)


def backwards(apps, schema_editor):
    rename_levels(apps, {new: old for old, new in RENAMED.items()})


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0107_chat_message"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
