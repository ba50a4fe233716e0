"""The API's version: which shape of the answers a client reads (REST_FRAMEWORK's
DEFAULT_VERSIONING_CLASS, DEFAULT_VERSION, ALLOWED_VERSIONS in wonders_site/settings.py).

A client names a version with the Accept header (``Accept: application/json; version=1``) or, from
a browser or a link, with ``?version=1``; without either it reads the latest. The schema follows
the same rule: ``/api/schema/?version=1`` is the schema of version 1.

- **2** (the latest): a score sheet row nests its points per score category under ``categories``
  (``{"categories": {category id: points}}``, keyed by the engine's category ids), so registering a
  game never changes a row's fields; a player's ``average_points`` is such an object too; the
  match's ``hands`` are ``[{"step": {...}, "hands": [...]}]``, the step in the game's own terms
  (base game: age and turn).
- **1** (kept readable for one version, then dropped): every category a field of the row, named
  by ``categories.api_field`` (``wonder_points`` where a category is also a seat label), and each
  hand row ``{"age", "turn", "hands"}``. ``serializers_v1.py`` describes it; ``to_v1`` in
  ``views.py`` turns an answer of version 2 into it.

Answers that did not change are the same in both. docs/api-versions.md tells the story.
"""
from rest_framework.versioning import AcceptHeaderVersioning

LATEST = "2"
V1 = "1"


class ApiVersioning(AcceptHeaderVersioning):
    """``Accept: application/json; version=N`` (an unknown N is a 406, as DRF answers), or
    ``?version=N`` (an unknown N is a 400 naming the parameter); the query parameter wins. A
    subclass of DRF's Accept-header versioning, which drf-spectacular knows how to document."""

    def determine_version(self, request, *args, **kwargs):
        query = getattr(request, "query_params", None)
        asked = query.get(self.version_param) if query is not None else None
        if asked:
            if not self.is_allowed_version(asked):
                # Imported here: DRF imports this class while its views module loads, before the errors'.
                from wonders_site.api_errors import BadQueryParameter

                raise BadQueryParameter(self.version_param, asked, sorted(self.allowed_versions or ()))
            return asked
        return super().determine_version(request, *args, **kwargs)


def is_v1(request):
    """Whether `request` asked for version 1 of the answers."""
    return str(getattr(request, "version", None) or LATEST) == V1
