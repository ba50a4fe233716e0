from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from accounts.models import Profile
from accounts.names import LOOKS_TAKEN, name_key

User = get_user_model()


class ProfileAdminForm(forms.ModelForm):
    """The admin may give any name, the site's numbered form included, but not one that looks like
    another player's: the database would refuse it (Profile.name_key is unique)."""

    def clean_display_name(self):
        name = self.cleaned_data["display_name"]
        others = Profile.objects.exclude(pk=self.instance.pk) if self.instance.pk else Profile.objects.all()
        if others.filter(name_key=name_key(name)).exists():
            raise forms.ValidationError(LOOKS_TAKEN, code="name_looks_taken")
        return name


class ProfileInline(admin.StackedInline):
    model = Profile
    form = ProfileAdminForm
    can_delete = False
    fields = ("display_name", "preferred_language")


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    form = ProfileAdminForm
    list_display = ("display_name", "user", "preferred_language")
    list_filter = ("preferred_language",)
    search_fields = ("display_name", "user__username", "user__email")
    list_select_related = ("user",)
    raw_id_fields = ("user",)


class UserWithProfileAdmin(UserAdmin):
    inlines = [*UserAdmin.inlines, ProfileInline]

    def get_inline_instances(self, request, obj=None):
        # On the add page the post_save signal makes the profile; an inline there would make a second.
        return super().get_inline_instances(request, obj) if obj is not None else []


if admin.site.is_registered(User):
    admin.site.unregister(User)
admin.site.register(User, UserWithProfileAdmin)
