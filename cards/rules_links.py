"""Links between cards and the rules sections that govern them (filled by the rules reference)."""


def sections_for_card(card_id: str, language: str) -> list[dict]:
    """Rules sections that govern a card: [{"slug", "title", "anchor", "url"}], most specific first."""
    return []
