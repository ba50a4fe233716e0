"""The API's endpoints about the user who calls: /api/me/ and the API tokens (log in for one, list
and revoke them). The writes go through accounts.tokens; the login lockout is accounts.lockout's."""
from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import exceptions, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle, ScopedRateThrottle, UserRateThrottle
from rest_framework.views import APIView

from accounts.lockout import is_locked
from accounts.tokens import do_issue_token, do_revoke_token, live_tokens
from cards.language import api_language
from games.history.api import serializers as s
from games.history.api.common import LANG_PARAMETER, errors
from games.history.api.examples import PLAYER_EXAMPLE
from games.history.queries import player_payload
from wonders_site.api_errors import error_body


class MeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="The authenticated user: profile, totals, ratings, recent matches.",
        description="Authenticate with a token (`Authorization: Token <key>`, from POST /api/auth/token/) "
        "or the site's session.",
        parameters=[LANG_PARAMETER],
        responses={200: s.MeSerializer, **errors(400, 401, 429)},
        examples=[OpenApiExample("me", {**PLAYER_EXAMPLE, "email": "ann@example.org"}, response_only=True,
                                 status_codes=["200"])],
    )
    def get(self, request):
        lang = api_language(request)
        return Response({**player_payload(request.user, lang), "email": request.user.email})


def _lockout_response(request):
    from axes.helpers import get_cool_off

    cool_off = get_cool_off(request)
    wait = int(cool_off.total_seconds()) if cool_off else None
    response = Response(error_body("locked_out", "Too many failed logins; try again later.", {"wait": wait}),
                        status=status.HTTP_429_TOO_MANY_REQUESTS)
    if wait:
        response["Retry-After"] = str(wait)
    return response


class TokenView(APIView):
    authentication_classes = []
    permission_classes = []
    throttle_classes = [AnonRateThrottle, UserRateThrottle, ScopedRateThrottle]
    throttle_scope = "auth_token"

    @extend_schema(
        summary="Get a new API token from your username and password.",
        description="Returns a new token, valid until `expiry` (API_TOKEN_DAYS). Only its hash is kept: it is "
        "shown once. Send it as `Authorization: Token <token>`. A password change revokes every token.",
        request=s.TokenRequestSerializer,
        responses={200: s.TokenSerializer, **errors(400, 403, 429)},
        examples=[OpenApiExample("token", {
            "token": "5c3f0c2e8a1b4d6f9e7a0b3c5d7e9f1a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d0e",
            "token_key": "5c3f0c2e8a1b4d6", "expiry": "2027-02-21T19:38:15Z"}, response_only=True, status_codes=["200"])],
    )
    def post(self, request):
        body = s.TokenRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        credentials = {"username": body.validated_data["username"]}
        if is_locked(request._request, credentials):
            return _lockout_response(request._request)
        user = authenticate(request._request, username=body.validated_data["username"],
                            password=body.validated_data["password"])
        if getattr(request._request, "axes_locked_out", False):
            # This failure locked the login: answer in the API's shape, not with the HTML page
            # that django-axes' middleware would put in place of any response.
            request._request.axes_locked_out = False
            return _lockout_response(request._request)
        if user is None or not user.is_active:
            return Response(error_body("invalid_credentials", "Wrong username or password."),
                            status=status.HTTP_400_BAD_REQUEST)
        row, token = do_issue_token(user)
        return Response({"token": token, "token_key": row.token_key, "expiry": row.expiry})


class TokenListView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Your API tokens that still work, newest first.",
        responses={200: s.TokenListItemSerializer(many=True), **errors(401, 429)},
    )
    def get(self, request):
        return Response([{"token_key": row.token_key, "created": row.created, "expiry": row.expiry}
                         for row in live_tokens(request.user)])


class TokenDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Revoke one of your API tokens (by its token_key).",
        responses={204: None, **errors(401, 403, 404, 429)},
    )
    def delete(self, request, token_key):
        if not do_revoke_token(request.user, token_key):
            raise exceptions.NotFound(f"You have no token {token_key!r}.")
        return Response(status=status.HTTP_204_NO_CONTENT)
