"""Every existing result gets its generic columns: ``categories`` from the base game's category
columns (the engine's keys; the wonder's points were stored as ``wonder_points``) and ``labels``
from its wonder and side. Recorded matches before this migration are all base-game matches."""
from django.db import migrations

# The base game's category columns of games 0100, by the engine's category key (frozen here:
# a migration describes the tables as they were, not the engine as it is).
BASE_CATEGORY_COLUMNS = {
    "military": "military", "treasury": "treasury", "wonder": "wonder_points", "civilian": "civilian",
    "science": "science", "commercial": "commercial", "guilds": "guilds",
}
BATCH = 1000


def fill(apps, schema_editor):
    SeatResult = apps.get_model("history", "SeatResult")
    batch = []
    for result in SeatResult.objects.order_by("pk").iterator(chunk_size=BATCH):
        result.categories = {key: getattr(result, column) for key, column in BASE_CATEGORY_COLUMNS.items()}
        result.labels = {"wonder": result.wonder, "side": result.side}
        batch.append(result)
        if len(batch) >= BATCH:
            SeatResult.objects.bulk_update(batch, ["categories", "labels"])
            batch = []
    if batch:
        SeatResult.objects.bulk_update(batch, ["categories", "labels"])


class Migration(migrations.Migration):

    dependencies = [
        ("history", "0002_seat_result_generic_columns"),
    ]

    operations = [
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
