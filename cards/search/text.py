"""Text analysis shared by both search backends: words, stems, accents, stop words, snippets.

The SQLite backend indexes the output of `index_terms()` (Snowball stem of each lower-case word,
then accents stripped); PostgreSQL does the equivalent in its own text search configurations.
Stop words are dropped from queries only (never from the index), with the same lists on both
backends, so that a query means the same thing everywhere.
"""
import bisect
import html
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

import snowballstemmer

SNOWBALL = {"en": "english", "it": "italian", "pt-br": "portuguese"}
WORD_RE = re.compile(r"[^\W_]+", re.UNICODE)
SPLIT_RE = re.compile(r"([^\W_]+)", re.UNICODE)
MAX_QUERY_TERMS = 12

# Function words dropped from queries (lower case, without accents).
STOP_WORDS = {
    "en": set("""
        a about after again all also am an and any are as at be because been before being both but by
        can could did do does doing done during each either else for from get gets had has have having
        he her here his how i if in into is it its itself just may me might more most must my no nor not
        now of off on once only or other our out over own same shall she should so some such than that
        the their them then there these they this those through to too under until up upon us very was
        we were what when where whether which while who whom whose why will with would you your yours
        happens happen mean means work works many much get got need one
    """.split()),
    "it": set("""
        a ad al alla alle allo ai agli all anche avere c che chi ci cio come con cosa cui da dal dalla
        dalle dallo dai dagli dall de del della delle dello dei degli dell deve devo devi dove e ed essere
        fa faccio fare gli ha hai hanno ho i il in io l la le lo loro ma mi mia mio ne nel nella nelle
        nello nei negli nell no non o per perche piu posso puo possono puoi qual quale quali quando quanto
        quanti quante quello quella quelle quelli questo questa queste questi se si sia sono su sul sulla
        sulle sullo sui sugli sull suo sua suoi sue te ti tra fra tu tuo tua tuoi tue un una uno vi voi
        c e gia succede di d del nei negli col coi sto sta stai stanno cosi mio miei mie
        tuoi tue suoi nostro vostro loro
    """.split()),
    "pt-br": set("""
        a ao aos as com como da das de do dos e ela elas ele eles em entre era essa essas esse esses
        esta estas este estes eu foi ha isso isto ja la lhe mais mas me meu minha muito na nas nao nem
        no nos o os ou para pela pelas pelo pelos por posso pode podem pois qual quais quando que quem
        se sem ser seu seus sua suas so tem ter um uma umas uns voce voces acontece eu
        num numa nuns numas dum duma neste nesta nisso naquele aquele aquela aquilo sao esta
        quanto quanta quantos quantas cada onde
    """.split()),
}


def strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    """The words of `text`, lower case, in order (letters and digits; everything else separates)."""
    return [w.lower() for w in WORD_RE.findall(text)]


@lru_cache(maxsize=8)
def _stemmer(language: str):
    return snowballstemmer.stemmer(SNOWBALL.get(language, "english"))


@lru_cache(maxsize=200_000)
def stem(word: str, language: str) -> str:
    """Snowball stem of a lower-case word, then its accents stripped ("città" -> "citt").
    Cached: the pure-Python stemmer costs tens of microseconds a word."""
    if word.isdigit():
        return word
    return strip_accents(_stemmer(language).stemWord(word))


def index_terms(text: str, language: str) -> str:
    """What the SQLite index stores for `text`: its stems, space-separated, in order."""
    return " ".join(stem(w, language) for w in words(text))


def query_words(query: str, language: str) -> list[str]:
    """The words of a query that carry meaning: stop words dropped (unless nothing else is left),
    duplicates dropped, at most MAX_QUERY_TERMS."""
    found = []
    for word in words(query):
        if word not in found:
            found.append(word)
    stop = STOP_WORDS.get(language, set())
    meaningful = [w for w in found if strip_accents(w) not in stop and (len(w) > 1 or w.isdigit())]
    return (meaningful or found)[:MAX_QUERY_TERMS]


# How much a query term counts when a document matches it exactly, by a sibling form of the word
# (the stemmer cuts Italian "moneta" to "monet" but "monete" to "mon"), by a longer word with the
# same beginning (prefix), or by a shorter stem.
EXACT, SIBLING, PREFIX, TRUNCATED = 1.0, 0.9, 0.6, 0.5


@dataclass
class Term:
    word: str  # as typed, lower case
    stem: str  # normalised like the index
    siblings: list[str] = field(default_factory=list)  # stems of the other inflected forms
    truncations: list[str] = field(default_factory=list)  # shorter stems

    @property
    def prefix_ok(self) -> bool:
        return len(self.stem) >= 2 and not self.stem.isdigit()

    def variants(self) -> list[str]:
        """Stems matched exactly (besides the prefix match on self.stem)."""
        return [self.stem, *self.siblings, *self.truncations]


def sibling_forms(word: str, language: str) -> list[str]:
    """Other inflected forms of a word: the final vowel swapped (it, pt-br), a plural -s (pt-br)."""
    if word.isdigit() or len(word) < 4 or language not in ("it", "pt-br"):
        return []
    forms = []
    base = word
    if language == "pt-br" and word.endswith("s"):
        base = word[:-1]
        forms.append(base)
    if base[-1] in "aeio":
        forms += [base[:-1] + v for v in "aeio" if base[:-1] + v != word]
        if language == "pt-br":
            forms += [base[:-1] + v + "s" for v in "aeo" if base[:-1] + v + "s" != word]
    return forms


# Words the rules say one way and players another ("two equal cards" for the rulebook's "identical
# structures"): a query word also matches its group's other words, as a sibling form does.
SYNONYMS = {
    "en": [{"identical", "duplicate", "duplicates", "equal"}],
    "it": [{"uguale", "uguali", "identico", "identica", "identici", "identiche", "doppione", "doppioni"}],
    "pt-br": [{"igual", "iguais", "identico", "identica", "identicos", "identicas", "repetida", "repetidas"}],
}


def synonyms(word: str, language: str) -> list[str]:
    """The other words of `word`'s synonym group (accents do not matter)."""
    plain = strip_accents(word)
    for group in SYNONYMS.get(language, ()):
        if plain in group:
            return sorted(group - {plain})
    return []


def make_term(word: str, stem_: str, sibling_stems=()) -> Term:
    siblings = sorted({s for s in sibling_stems if s and s != stem_ and len(s) >= 3})
    truncations = []
    if len(stem_) >= 5 and not stem_.isdigit():
        truncations = [stem_[:k] for k in range(len(stem_) - 1, max(4, len(stem_) - 2) - 1, -1)]
        truncations = [t for t in truncations if t not in siblings]
    return Term(word=word, stem=stem_, siblings=siblings, truncations=truncations)


def parse_query(query: str, language: str, stem_words=None) -> list[Term]:
    """The query as terms. `stem_words(list of words) -> list of stems` normalises words like the
    index does (default: Snowball in Python, then accents stripped, as the SQLite index)."""
    if stem_words is None:
        def stem_words(ws):
            return [stem(w, language) for w in ws]
    found = query_words(query, language)
    forms = [sibling_forms(w, language) + synonyms(w, language) for w in found]
    stems = stem_words(found + [f for fs in forms for f in fs])
    terms, cursor = [], len(found)
    for word, word_stem, word_forms in zip(found, stems, forms):
        terms.append(make_term(word, word_stem, stems[cursor:cursor + len(word_forms)]))
        cursor += len(word_forms)
    return [t for t in terms if t.stem]


FIELD_WEIGHTS = (2.0, 3.0, 1.0)  # title (with the section summary), heading, body
BM25_K1, BM25_B = 2.0, 0.45


class Lexicon:
    """The normalised terms of one document: title and heading (weighted), body (counted)."""

    def __init__(self, title, heading, body, body_length: int | None = None):
        """title, heading: iterables of stems; body: stems, or a mapping stem -> count."""
        title_weight, heading_weight, _ = FIELD_WEIGHTS
        self.body = body if isinstance(body, dict) else Counter(body)
        self.head: dict[str, float] = {}
        for weight, stems in ((title_weight, title), (heading_weight, heading)):
            for stem_ in stems:
                self.head[stem_] = self.head.get(stem_, 0.0) + weight
        self.body_length = sum(self.body.values()) if body_length is None else body_length
        self.all = self.body.keys() | self.head.keys()
        self.sorted = sorted(self.all)

    def _with_prefix(self, prefix: str) -> list[str]:
        i = bisect.bisect_left(self.sorted, prefix)
        found = []
        while i < len(self.sorted) and self.sorted[i].startswith(prefix):
            found.append(self.sorted[i])
            i += 1
        return found

    def forms(self, term: "Term") -> list[tuple[float, list[str]]]:
        """The document's stems matching `term`, per match quality: [(quality, stems)], best first."""
        found = []
        if term.stem in self.all:
            found.append((EXACT, [term.stem]))
        siblings = [s for s in term.siblings if s in self.all]
        if siblings:
            found.append((SIBLING, siblings))
        if term.prefix_ok:
            longer = [s for s in self._with_prefix(term.stem) if s != term.stem and s not in siblings]
            if longer:
                found.append((PREFIX, longer))
        truncations = [t for t in term.truncations if t in self.all]
        if truncations:
            found.append((TRUNCATED, truncations))
        return found

    def match(self, term: "Term") -> float:
        """How well this document matches one query term (0 when it does not)."""
        forms = self.forms(term)
        return forms[0][0] if forms else 0.0

    def weighted_frequency(self, stems, body_norm: float = 1.0) -> float:
        """BM25F term frequency: title and heading hits weighted, body hits normalised by length."""
        return sum(self.head.get(s, 0.0) + self.body.get(s, 0) / body_norm for s in stems)


class Statistics:
    """Document frequencies of the stems of one language's index, for weighting query terms."""

    def __init__(self, document_count: int, frequencies: dict[str, int], average_length: float):
        self.count = max(document_count, 1)
        self.frequencies = frequencies
        self.sorted = sorted(frequencies)
        self.average_length = max(average_length, 1.0)

    def frequency(self, stems=(), prefix: str | None = None) -> int:
        total = sum(self.frequencies.get(s, 0) for s in stems)
        if prefix:
            i = bisect.bisect_left(self.sorted, prefix)
            while i < len(self.sorted) and self.sorted[i].startswith(prefix):
                if self.sorted[i] != prefix:
                    total += self.frequencies[self.sorted[i]]
                i += 1
        return min(total, self.count)

    def idf(self, df: int) -> float:
        return math.log(1 + (self.count - df + 0.5) / (df + 0.5))


def score(lexicon: Lexicon, terms: list["Term"], statistics: Statistics) -> tuple[float, list[float]]:
    """BM25F over the fields of one document (only the body's length normalised, so that a long
    subsection is not hidden by its length when its heading matches), each query term counted at
    its best match quality (exact > sibling form > prefix > shorter stem).
    Returns (score, quality per term)."""
    total, qualities = 0.0, []
    body_norm = 1 - BM25_B + BM25_B * lexicon.body_length / statistics.average_length
    for term in terms:
        best, best_quality = 0.0, 0.0
        for quality, stems in lexicon.forms(term):
            if quality == PREFIX:
                df = statistics.frequency(prefix=term.stem)
            else:
                df = statistics.frequency(stems)
            tf = lexicon.weighted_frequency(stems, body_norm)
            value = quality * statistics.idf(df) * tf * (BM25_K1 + 1) / (tf + BM25_K1)
            if value > best:
                best, best_quality = value, max(best_quality, quality)
            best_quality = max(best_quality, quality)
        total += best
        qualities.append(best_quality)
    return total, qualities


def term_matches_stem(term: Term, stem_: str) -> bool:
    return (stem_ == term.stem or (term.prefix_ok and stem_.startswith(term.stem))
            or stem_ in term.siblings or stem_ in term.truncations)


MARK_START, MARK_END = "\ue000", "\ue001"


def marked_to_html(text: str) -> str:
    """Escape text whose matches are wrapped in MARK_START/MARK_END, then turn those into <mark>."""
    escaped = html.escape(text.replace(MARK_START + MARK_END, ""), quote=False)
    escaped = escaped.replace(MARK_START, "<mark>").replace(MARK_END, "</mark>")
    # A highlight left open (cut fragment) must not leak: balance the tags.
    opened = escaped.count("<mark>") - escaped.count("</mark>")
    return escaped + "</mark>" * max(opened, 0)


def highlight(text: str, terms: list[Term], language: str, max_words: int = 0) -> str:
    """HTML of `text` (escaped), with the words matching `terms` in <mark>. With max_words, only the
    window of that many words holding the most distinct matches, with ellipses where cut."""
    parts = SPLIT_RE.split(text)  # separator, word, separator, word, ..., separator
    tokens = parts[1::2]
    if not tokens:
        return html.escape(text[:300], quote=False)
    exact: dict[str, int] = {}
    prefixes: list[tuple[str, int]] = []
    for index in range(len(terms) - 1, -1, -1):  # the first term wins when two match
        term = terms[index]
        for variant in (term.stem, *term.siblings):  # shorter stems count for ranking, not shown
            exact[variant] = index
        if term.prefix_ok:
            prefixes.append((term.stem, index))
    prefixes.reverse()
    known: dict[str, int] = {}

    def match(word: str) -> int:
        normalised = stem(word, language)
        found = exact.get(normalised, -1)
        if found < 0:
            found = next((i for prefix, i in prefixes if normalised.startswith(prefix)), -1)
        known[word] = found
        return found

    lowered = [token.lower() for token in tokens]
    hits = [known[w] if w in known else match(w) for w in lowered]  # matched term per word, or -1
    start, end = 0, len(tokens)
    if max_words and len(tokens) > max_words:
        start = _best_window(hits, max_words)
        end = min(len(tokens), start + max_words)
    out = ["… "] if start else [parts[0]]
    for index in range(start, end):
        if index > start:
            out.append(parts[2 * index])
        word = tokens[index]
        out.append(MARK_START + word + MARK_END if hits[index] >= 0 else word)
    out.append(" …" if end < len(tokens) else parts[-1])
    return marked_to_html(" ".join("".join(out).split()))


def _best_window(hits: list[int], size: int) -> int:
    """Start of the window of `size` words with the most distinct matched terms (then the most
    matches), moved back a little so that its first match has some context."""
    if all(h < 0 for h in hits):
        return 0
    best, best_key = 0, (-1, 0)
    counts: Counter = Counter(h for h in hits[:size] if h >= 0)
    total = sum(counts.values())
    for first in range(0, len(hits) - size + 1):
        if first:
            leaving, entering = hits[first - 1], hits[first + size - 1]
            if leaving >= 0:
                counts[leaving] -= 1
                total -= 1
                if not counts[leaving]:
                    del counts[leaving]
            if entering >= 0:
                counts[entering] += 1
                total += 1
        key = (len(counts), total)
        if key > best_key:
            best, best_key = first, key
    first_hit = next((i for i in range(best, best + size) if hits[i] >= 0), best)
    return max(0, min(best, first_hit - 4))
