"""Pieces every game's tabletop scoring (``score_table``: the calculator) shares: how names are
compared and how a problem of a described table is written."""
import json
import unicodedata


def fold(text: str) -> str:
    """Case, accents, apostrophes and spacing do not matter in a name."""
    text = unicodedata.normalize("NFKD", str(text).casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.replace("’", "'").replace("-", " ").replace("_", " ")
    return " ".join(text.split())


def problem(code, message, seat=None, field=None, value=None, **facts):
    """One fault of a table, as ``TableError.problems`` lists it."""
    out = {"code": code, "message": message}
    if seat is not None:
        out["seat"] = seat
    if field is not None:
        out["field"] = field
    if value is not None:
        out["value"] = value
    out.update(facts)
    return out


def quoted(value) -> str:
    """A sent value as a message quotes it: JSON ("abc", [7, "abc"]), never Python's repr."""
    return json.dumps(value, ensure_ascii=False, default=str)


def whole_number(value):
    """An int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)
