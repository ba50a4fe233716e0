"""Rules and search API routes (under /api/)."""
from django.urls import path

from cards import api_rules

urlpatterns = [
    path("rules/", api_rules.RulesListView.as_view(), name="api-rules"),
    path("rules/<slug:slug>/", api_rules.RulesSectionView.as_view(), name="api-rules-section"),
    path("search/", api_rules.SearchView.as_view(), name="api-search"),
]
