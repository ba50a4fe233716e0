from django_filters.rest_framework import DjangoFilterBackend

from wonders_site.api_errors import BadQueryParameter


class StrictFilterBackend(DjangoFilterBackend):
    """Like DjangoFilterBackend, but a bad filter value is a 400 that names the parameter."""

    def filter_queryset(self, request, queryset, view):
        filterset = self.get_filterset(request, queryset, view)
        if filterset is None:
            return queryset
        if not filterset.is_valid():
            parameter = next(iter(filterset.errors))
            raise BadQueryParameter(parameter, request.query_params.get(parameter, ""))
        return filterset.qs
