"""The base game's columns become generic: Match.sides/assignment/wonders -> Match.options (the
game's declared options), Seat.wonder/side -> Seat.labels (engine.seat_labels), and the 3..7
player constraint (the engine owns the player range) gives way to "at least one player".

Every existing match keeps what it meant: options {"sides": ...} plus {"wonders": [...]} when
the wonders were chosen in seat order ("" = random becomes None, as the engine's config has it).
"""
from django.db import migrations, models
from django.db.models import Q


def to_generic(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Seat = apps.get_model("games", "Seat")
    for match in Match.objects.all().only("pk", "sides", "assignment", "wonders").iterator():
        options = {"sides": match.sides}
        if match.assignment == "chosen" and match.wonders:
            options["wonders"] = [wonder or None for wonder in match.wonders]
        Match.objects.filter(pk=match.pk).update(options=options)
    for seat in Seat.objects.exclude(wonder="").only("pk", "wonder", "side").iterator():
        Seat.objects.filter(pk=seat.pk).update(labels={"wonder": seat.wonder, "side": seat.side or None})


def to_columns(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Seat = apps.get_model("games", "Seat")
    for match in Match.objects.all().only("pk", "options").iterator():
        wonders = match.options.get("wonders")
        Match.objects.filter(pk=match.pk).update(
            sides=match.options.get("sides", "A") if isinstance(match.options.get("sides"), str) else "A",
            assignment="chosen" if wonders else "random",
            wonders=[wonder or "" for wonder in wonders] if wonders else [],
        )
    for seat in Seat.objects.all().only("pk", "labels").iterator():
        Seat.objects.filter(pk=seat.pk).update(
            wonder=seat.labels.get("wonder") or "", side=seat.labels.get("side") or "")


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0103_history_moves_to_its_app"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="options",
            field=models.JSONField(
                blank=True, default=dict,
                help_text="The game's options as the host set them (engine.info(game)['options'] names), e.g. sides.",
            ),
        ),
        migrations.AddField(
            model_name="seat",
            name="labels",
            field=models.JSONField(
                blank=True, default=dict,
                help_text="The seat's public labels (engine.seat_labels), set at start, e.g. wonder.",
            ),
        ),
        migrations.RunPython(to_generic, to_columns),
        migrations.RemoveConstraint(model_name="match", name="match_players_3_to_7"),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.CheckConstraint(condition=Q(players__gte=1), name="match_has_players"),
        ),
        migrations.RemoveField(model_name="match", name="assignment"),
        migrations.RemoveField(model_name="match", name="sides"),
        migrations.RemoveField(model_name="match", name="wonders"),
        migrations.RemoveField(model_name="seat", name="side"),
        migrations.RemoveField(model_name="seat", name="wonder"),
    ]
