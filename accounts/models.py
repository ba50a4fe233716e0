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

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")
        constraints = [models.UniqueConstraint(Lower("display_name"), name="display_names_unique_ignoring_case")]

    def __str__(self):
        return self.display_name or self.user.get_username()
