from django.core.management.base import BaseCommand, CommandError

from cards.catalogue_data import CatalogueError
from cards.loading import load_cards_and_wonders


class Command(BaseCommand):
    help = "Load the card, wonder and rules data from cards/data into the database (idempotent)."

    def handle(self, *args, **options):
        try:
            counts = load_cards_and_wonders()
        except CatalogueError as error:
            raise CommandError(f"Catalogue data rejected: {error}") from None
        self.stdout.write(
            f"Catalogue loaded: {counts['cards']} cards ({counts['copies']} copies), "
            f"{counts['wonders']} wonders ({counts['stages']} stages)."
        )
