from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class Language(models.TextChoices):
    """The site's languages, each named in itself so anyone can find their own."""

    ENGLISH = "en", "English"
    ITALIAN = "it", "Italiano"
    BRAZILIAN_PORTUGUESE = "pt-br", "Português (Brasil)"


class Profile(models.Model):
    """What a player shows of themselves and how the site speaks to them."""

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

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")
        constraints = [models.UniqueConstraint(Lower("display_name"), name="display_names_unique_ignoring_case")]

    def __str__(self):
        return self.display_name or self.user.get_username()

    def save(self, *args, **kwargs):
        from accounts.names import search_key

        self.search_key = search_key(self.display_name, self.user.get_username())
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "search_key" not in update_fields:
            kwargs["update_fields"] = [*update_fields, "search_key"]
        super().save(*args, **kwargs)
