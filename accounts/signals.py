from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver

from accounts.services import profile_for


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts.create_profile")
def create_profile(sender, instance, created, raw=False, **kwargs):
    """Every user has a profile, however the user was made (sign-up, admin, createsuperuser)."""
    if created and not raw:
        profile_for(instance)


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts.refresh_search_key")
def refresh_the_search_key(sender, instance, created, raw=False, update_fields=None, **kwargs):
    """A renamed user (the admin) is found by the new username: the profile's search key follows."""
    if created or raw or (update_fields is not None and "username" not in update_fields):
        return
    from accounts.models import Profile
    from accounts.names import search_key

    profile = Profile.objects.filter(user=instance).only("display_name", "search_key").first()
    if profile is not None:
        key = search_key(profile.display_name, instance.get_username())
        if key != profile.search_key:
            Profile.objects.filter(pk=profile.pk).update(search_key=key)


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


@receiver(pre_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts.revoke_tokens_on_password_change")
def revoke_tokens_when_the_password_changes(sender, instance, raw=False, update_fields=None, **kwargs):
    """A new password (the form, a reset, the admin, manage.py changepassword) revokes every API token."""
    if raw or instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    stored = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is not None and stored != instance.password:
        from accounts.tokens import do_revoke_all_tokens

        do_revoke_all_tokens(instance)
