"""SeatResult keeps the engine's tie-break value (``info(game)["tiebreak"]``) in its own column:
coins in the base game, built stages in Architects. Coins become optional (a game whose sheet has
no coins leaves them null). Every existing result is a base-game result, whose tie-break is its
coins: they are copied. Going back, a null coins becomes 0."""
from django.db import migrations, models


def copy_coins(apps, schema_editor):
    SeatResult = apps.get_model("history", "SeatResult")
    SeatResult.objects.filter(coins__isnull=False).update(tiebreak=models.F("coins"))


def zero_null_coins(apps, schema_editor):
    SeatResult = apps.get_model("history", "SeatResult")
    SeatResult.objects.filter(coins__isnull=True).update(coins=0)


class Migration(migrations.Migration):

    dependencies = [
        ("history", "0005_seat_result_drops_category_columns"),
    ]

    operations = [
        migrations.AddField(
            model_name="seatresult", name="tiebreak",
            field=models.SmallIntegerField(
                default=0, help_text="The sheet's tie-break value (engine info: tiebreak): coins in the base game, "
                "built stages in Architects."),
        ),
        migrations.RunPython(copy_coins, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="seatresult", name="coins",
            field=models.SmallIntegerField(
                blank=True, null=True, help_text="Coins at the end; null in a game whose sheet has no coins."),
        ),
        # Going back, this runs before coins become required again.
        migrations.RunPython(migrations.RunPython.noop, zero_null_coins),
    ]
