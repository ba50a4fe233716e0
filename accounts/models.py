from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class Language(models.TextChoices):
    """The site's languages, each named in itself so anyone can find their own."""

    ENGLISH = "en", "English"
    ITALIAN = "it", "Italiano"
    BRAZILIAN_PORTUGUESE = "pt-br", "Português (Brasil)"


class NotifyBy(models.TextChoices):
    EACH_TURN = "each", _("an e-mail when a table waits on me")
    DIGEST = "digest", _("one daily digest")
    NONE = "off", _("no e-mails")


class Profile(models.Model):
    """What a player shows of themselves and how the site speaks to them.

    name_key is the display name as display names are compared (accounts.names.name_key: case,
    accents and look-alike letters folded), unique: no two players' names look alike. Names that
    already looked alike when the key came (migration 0005) were kept by their oldest holder; the
    later holders got their account number appended ("Chаmpion#42"), as names already equal
    ignoring case did in 0003 and as accounts.names.free_display_name does, so the constraint
    holds for every row. Null only for a profile written without save() (a queryset update, a
    historical model in a migration)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile", verbose_name=_("user")
    )
    display_name = models.CharField(_("display name"), max_length=50)
    # Blank for accounts made outside the sign-up form (createsuperuser, admin): follow the browser.
    preferred_language = models.CharField(
        _("preferred language"), max_length=5, choices=Language.choices, blank=True, default=""
    )
    # The display name and the username folded (accounts.names.search_key): what the player
    # search compares, case- and accent-insensitive, on SQLite and PostgreSQL alike.
    search_key = models.TextField(editable=False, blank=True, default="")
    name_key = models.TextField(editable=False, null=True)
    # Notifications of turn-based tables (games/services/notify.py): an e-mail each time a table
    # waits on the player, one daily digest instead, or none; and a holiday that pauses them.
    notify_by = models.CharField(
        _("e-mail notifications"), max_length=6, choices=NotifyBy.choices, default=NotifyBy.EACH_TURN
    )
    holiday_until = models.DateField(_("holiday until"), null=True, blank=True)

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")
        constraints = [
            models.UniqueConstraint(Lower("display_name"), name="display_names_unique_ignoring_case"),
            models.UniqueConstraint(fields=["name_key"], name="display_names_unique_by_look"),
        ]

    def __str__(self):
        return self.display_name or self.user.get_username()

    def on_holiday(self, today):
        return self.holiday_until is not None and self.holiday_until >= today

    def save(self, *args, **kwargs):
        from accounts.names import name_key, search_key

        self.search_key = search_key(self.display_name, self.user.get_username())
        self.name_key = name_key(self.display_name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = [*update_fields, *({"search_key", "name_key"} - set(update_fields))]
        super().save(*args, **kwargs)
