"""The recorded seats' bot levels get the names players choose them by: random, greedy and search
become easy, medium and hard; going back, the other way round."""
from django.db import migrations

# Frozen here: a migration describes the data as it was, not games.bots as it is.
RENAMED = {"random": "easy", "greedy": "medium", "search": "hard"}


def rename_levels(apps, names):
    SeatResult = apps.get_model("history", "SeatResult")
    for old, new in names.items():
        SeatResult.objects.filter(bot_level=old).update(bot_level=new)


def forwards(apps, schema_editor):
    rename_levels(apps, RENAMED)


def backwards(apps, schema_editor):
    rename_levels(apps, {new: old for old, new in RENAMED.items()})


class Migration(migrations.Migration):

    dependencies = [
        ("history", "0006_seat_result_tiebreak"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
