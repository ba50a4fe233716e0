from django.contrib import admin

from cards import catalogue_version
from cards.models import Card, CardText, Wonder, WonderStage, WonderStageText, WonderText


class CatalogueAdmin(admin.ModelAdmin):
    """An edit here changes what the catalogue API serves: like a load, it gives the catalogue a
    new version (cards/catalogue_version.py), so no cached answer of the old rows is served again."""

    def save_related(self, request, form, formsets, change):  # after the row and its inlines, add or change
        super().save_related(request, form, formsets, change)
        catalogue_version.bump()

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        catalogue_version.bump()

    def delete_queryset(self, request, queryset):
        super().delete_queryset(request, queryset)
        catalogue_version.bump()


class CardTextInline(admin.TabularInline):
    model = CardText
    extra = 0


@admin.register(Card)
class CardAdmin(CatalogueAdmin):
    list_display = ["id", "age", "color", "min_players", "expansion"]
    list_filter = ["age", "color", "expansion"]
    search_fields = ["id", "texts__name"]
    filter_horizontal = ["chain_to"]
    inlines = [CardTextInline]


class WonderTextInline(admin.TabularInline):
    model = WonderText
    extra = 0


class WonderStageInline(admin.TabularInline):
    model = WonderStage
    extra = 0
    show_change_link = True


@admin.register(Wonder)
class WonderAdmin(CatalogueAdmin):
    list_display = ["id", "starting_resource", "expansion"]
    inlines = [WonderTextInline, WonderStageInline]


class WonderStageTextInline(admin.TabularInline):
    model = WonderStageText
    extra = 0


@admin.register(WonderStage)
class WonderStageAdmin(CatalogueAdmin):
    list_display = ["wonder", "side", "number"]
    list_filter = ["wonder", "side"]
    inlines = [WonderStageTextInline]


# ---------------------------------------------------------------- 7 Wonders Architects (read from its data file)

from cards.models import (  # noqa: E402 - grouped with their admin classes
    ArchitectsCard,
    ArchitectsCardText,
    ArchitectsComponent,
    ArchitectsComponentText,
    ArchitectsDeckCount,
    ArchitectsProgressToken,
    ArchitectsProgressTokenText,
    ArchitectsStage,
    ArchitectsWonder,
    ArchitectsWonderText,
)


def _inline(text_model):
    return type(f"{text_model.__name__}Inline", (admin.TabularInline,), {"model": text_model, "extra": 0})


@admin.register(ArchitectsCard)
class ArchitectsCardAdmin(CatalogueAdmin):
    list_display = ["id", "kind", "color"]
    list_filter = ["kind", "color"]
    inlines = [_inline(ArchitectsCardText), _inline(ArchitectsDeckCount)]


@admin.register(ArchitectsWonder)
class ArchitectsWonderAdmin(CatalogueAdmin):
    list_display = ["id", "power"]
    inlines = [_inline(ArchitectsWonderText), _inline(ArchitectsStage)]


@admin.register(ArchitectsProgressToken)
class ArchitectsProgressTokenAdmin(CatalogueAdmin):
    list_display = ["id", "effect", "copies"]
    inlines = [_inline(ArchitectsProgressTokenText)]


@admin.register(ArchitectsComponent)
class ArchitectsComponentAdmin(CatalogueAdmin):
    list_display = ["id", "copies"]
    inlines = [_inline(ArchitectsComponentText)]
