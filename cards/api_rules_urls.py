"""Rules and search API routes (under /api/)."""
urlpatterns: list = []
