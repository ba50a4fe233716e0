"""Rules reference and search pages (under the language prefix)."""
from django.urls import path

from cards import views_rules

urlpatterns = [
    path("rules/", views_rules.rules_index, name="rules-index"),
    path("rules/imported/<int:rulebook_id>/", views_rules.imported_rulebook, name="rules-imported"),
    path("rules/<slug:slug>/", views_rules.rules_section, name="rules-section"),
    path("search/", views_rules.search_page, name="search"),
]
