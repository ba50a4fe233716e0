from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.services import profile_for


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts.create_profile")
def create_profile(sender, instance, created, raw=False, **kwargs):
    """Every user has a profile, however the user was made (sign-up, admin, createsuperuser)."""
    if created and not raw:
        profile_for(instance)
