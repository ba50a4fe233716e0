from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cards.catalogue_data import CatalogueError
from cards.loading import load_cards_and_wonders
from cards.loading_architects import load_architects
from cards.loading_cities import load_cities
from cards.rules_data import load_rules
from cards.search import rebuild_index


class Command(BaseCommand):
    help = "Load the card, wonder, Architects and rules data from cards/data into the database (idempotent)."

    def handle(self, *args, **options):
        try:
            with transaction.atomic():  # all or nothing: bad rules leave the old catalogue in place
                counts = load_cards_and_wonders()
                cities = load_cities()
                architects = load_architects()
                rules = load_rules()
                documents = rebuild_index()
        except CatalogueError as error:
            raise CommandError(f"Catalogue data rejected: {error}") from None
        self.stdout.write(
            f"Catalogue loaded: {counts['cards']} cards ({counts['copies']} copies), "
            f"{counts['wonders']} wonders ({counts['stages']} stages), "
            f"Cities: {cities['cards']} cards, {cities['leaders']} leaders (not playable), {cities['tokens']} tokens, "
            f"{cities['wonders']} wonders ({cities['stages']} stages), 2-player variant: {cities['variant']} cards; "
            f"Architects: {architects['cards']} card kinds ({architects['copies']} cards), "
            f"{architects['wonders']} wonders ({architects['stages']} stages), {architects['tokens']} progress tokens; "
            f"{rules['sections']} rules sections ({rules['texts']} texts); "
            f"search index: {documents} documents."
        )
