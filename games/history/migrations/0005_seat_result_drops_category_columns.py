"""The base game's fixed category columns of SeatResult go: every result holds its points in
``categories`` (filled by 0003, written by the recorder since). Going back, the columns return
(0 by default) and are filled again from ``categories``."""
from django.db import migrations, models

# The columns as games 0100 created them, by the engine's category key (frozen here).
BASE_CATEGORY_COLUMNS = {
    "military": "military", "treasury": "treasury", "wonder": "wonder_points", "civilian": "civilian",
    "science": "science", "commercial": "commercial", "guilds": "guilds",
}


def fill_columns(apps, schema_editor):
    SeatResult = apps.get_model("history", "SeatResult")
    batch = []
    for result in SeatResult.objects.order_by("pk").iterator(chunk_size=1000):
        for key, column in BASE_CATEGORY_COLUMNS.items():
            setattr(result, column, result.categories.get(key, 0))
        batch.append(result)
        if len(batch) >= 1000:
            SeatResult.objects.bulk_update(batch, list(BASE_CATEGORY_COLUMNS.values()))
            batch = []
    if batch:
        SeatResult.objects.bulk_update(batch, list(BASE_CATEGORY_COLUMNS.values()))


class Migration(migrations.Migration):

    dependencies = [
        ("history", "0004_seat_stat"),
    ]

    operations = [
        migrations.RunPython(migrations.RunPython.noop, fill_columns),
        *[migrations.AlterField(model_name="seatresult", name=column, field=models.SmallIntegerField(default=0))
          for column in BASE_CATEGORY_COLUMNS.values()],
        *[migrations.RemoveField(model_name="seatresult", name=column) for column in BASE_CATEGORY_COLUMNS.values()],
    ]
