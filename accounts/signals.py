from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.services import profile_for


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts.create_profile")
def create_profile(sender, instance, created, raw=False, **kwargs):
    """Every user has a profile, however the user was made (sign-up, admin, createsuperuser)."""
    if created and not raw:
        profile_for(instance)


@receiver(user_login_failed, dispatch_uid="accounts.account_wide_lockout")
def lock_the_account_at_its_limit(sender, credentials, request=None, **kwargs):
    """The failure that reaches the account-wide limit is answered as a lockout, as django-axes
    answers the one that reaches its own limits (its receiver, connected before this one, has
    counted it)."""
    from accounts.lockout import account_failures

    if request is None or not settings.AXES_ENABLED:
        return
    if account_failures(credentials.get("username")) >= settings.AXES_ACCOUNT_FAILURE_LIMIT:
        request.axes_locked_out = True
