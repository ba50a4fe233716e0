"""Rules reference and search pages (placeholders: the pages arrive in the next commit)."""
from django.http import HttpResponse


def rules_index(request):
    return HttpResponse("rules")


def imported_rulebook(request, rulebook_id):
    return HttpResponse(str(rulebook_id))


def rules_section(request, slug):
    return HttpResponse(slug)


def search_page(request):
    return HttpResponse("search")
