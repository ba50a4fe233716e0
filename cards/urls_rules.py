"""Rules reference and search pages (under the language prefix)."""
urlpatterns: list = []
