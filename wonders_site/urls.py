from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path
from csp.decorators import csp_update
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from cards.api import CardViewSet, WonderViewSet
from cards.api_architects import ProgressTokenViewSet
from games.views.lobby import invite_any_language

router = DefaultRouter()
router.register("cards", CardViewSet, basename="card")
router.register("wonders", WonderViewSet, basename="wonder")
router.register("progress-tokens", ProgressTokenViewSet, basename="progress-token")

handler400 = "wonders_site.api_errors.bad_request"
handler404 = "wonders_site.api_errors.json_404"
handler500 = "wonders_site.api_errors.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    # The settings' hooks, then the errors any operation may answer to hostile input (a bad header, a stale token).
    path("api/schema/", SpectacularAPIView.as_view(custom_settings={"POSTPROCESSING_HOOKS": [
        *settings.SPECTACULAR_SETTINGS.get("POSTPROCESSING_HOOKS", []),
        "wonders_site.api_errors.document_hostile_input"]}), name="api-schema"),
    # Redoc (the sidecar's static files, templates/api/redoc.html) styles itself from its script and
    # builds its search index in a worker made from a blob: URL.
    path("api/docs/", csp_update({"style-src": ["'unsafe-inline'"], "worker-src": ["blob:"]})(
        SpectacularSwaggerSplitView.as_view(url_name="api-schema", template_name="api/swagger_ui.html")),
        name="api-docs"),
    path("api/", include("cards.api_rules_urls")),
    path("api/", include(router.urls)),
    path("api/", include("games.history.api.urls")),
    # Sent to other people: opens in their language, not the sender's.
    path("invite/<str:code>/", invite_any_language, name="invite-any-language"),
]

urlpatterns += i18n_patterns(
    path("", include("cards.urls")),
    path("", include("cards.urls_rules")),
    path("accounts/", include("accounts.urls")),
    path("", include("games.history.urls")),
    path("play/", include("games.urls")),
    prefix_default_language=True,
)
