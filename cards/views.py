"""Catalogue pages (placeholder bodies: the pages arrive in the next commit)."""
from django.http import HttpResponse


def home(request):
    return HttpResponse("Wonders")


def card_list(request):
    return HttpResponse("cards")


def card_detail(request, card_id):
    return HttpResponse(card_id)


def wonder_list(request):
    return HttpResponse("wonders")


def wonder_detail(request, wonder_id):
    return HttpResponse(wonder_id)
