"""Every result's base-game columns go into its JSON: coins (when set) and the copied guild (when
there is one) into ``extra``; wonder and side into ``labels`` where they are not there yet (0003
filled them, the recorder has written them since; a row left without them gets them here).
Going back, the columns are filled again from the JSON (0010's reversal has put them back)."""
from django.db import migrations

BATCH = 1000


def _batches(SeatResult, fields, change):
    batch = []
    for result in SeatResult.objects.order_by("pk").iterator(chunk_size=BATCH):
        if change(result):
            batch.append(result)
        if len(batch) >= BATCH:
            SeatResult.objects.bulk_update(batch, fields)
            batch = []
    if batch:
        SeatResult.objects.bulk_update(batch, fields)


def columns_to_json(apps, schema_editor):
    SeatResult = apps.get_model("history", "SeatResult")

    def change(result):
        extra = dict(result.extra or {})
        if result.coins is not None:
            extra.setdefault("coins", result.coins)
        if result.copied_guild:
            extra.setdefault("copied_guild", result.copied_guild)
        labels = dict(result.labels or {})
        if not labels and result.wonder:
            labels = {"wonder": result.wonder, "side": result.side}
        if (extra, labels) == (result.extra, result.labels):
            return False
        result.extra, result.labels = extra, labels
        return True

    _batches(SeatResult, ["extra", "labels"], change)


def json_to_columns(apps, schema_editor):
    SeatResult = apps.get_model("history", "SeatResult")

    def change(result):
        extra, labels = result.extra or {}, result.labels or {}
        result.coins = extra.get("coins")
        result.copied_guild = extra.get("copied_guild") or ""
        result.wonder = labels.get("wonder") or ""
        result.side = labels.get("side") or ""
        return True

    _batches(SeatResult, ["coins", "copied_guild", "wonder", "side"], change)


class Migration(migrations.Migration):

    dependencies = [
        ("history", "0008_seat_result_extra"),
    ]

    operations = [
        migrations.RunPython(columns_to_json, json_to_columns),
    ]
