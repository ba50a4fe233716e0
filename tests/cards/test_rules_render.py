"""Markdown of the rules -> sanitised HTML with our link syntax, plain text and chunks."""
from cards.rules_render import LinkTarget, RenderContext, chunks, headings, html_to_text, render_markdown


def resolve(kind, ident, anchor):
    if kind == "card" and ident == "forum":
        return LinkTarget("Foro", "/it/cards/forum/", "card-link card-link--yellow")
    if kind == "rules" and ident == "trading":
        return LinkTarget("Commercio" + (" › Sconti" if anchor else ""), "/it/rules/trading/" + (f"#{anchor}" if anchor else ""), "rules-link")
    return None


def render(source):
    context = RenderContext(resolve=resolve)
    return render_markdown(source, context), context.problems


def test_card_links_read_the_card_name_in_the_page_language():
    html, problems = render("Il [[card:forum]] produce vetro.")
    assert html == '<p>Il <a class="card-link card-link--yellow" href="/it/cards/forum/">Foro</a> produce vetro.</p>'
    assert problems == []


def test_rules_links_keep_their_anchor_and_may_choose_their_text():
    html, _ = render("Vedi [[rules:trading#discounts]] e [[rules:trading|il commercio]].")
    assert 'href="/it/rules/trading/#discounts"' in html and ">Commercio › Sconti<" in html
    assert ">il commercio</a>" in html


def test_unresolved_links_are_reported_and_not_linked():
    html, problems = render("[[card:agora]]")
    assert problems == ["[[card:agora]]"]
    assert "<a" not in html and "agora" in html


def test_headings_keep_their_explicit_anchors():
    html, _ = render("Intro.\n\n## Prezzo {#price}\n\nTesto.\n\n### Dettagli {#details}\n\nAltro.")
    assert '<h2 id="price">Prezzo</h2>' in html
    assert headings(html) == [{"id": "price", "title": "Prezzo", "level": 2},
                              {"id": "details", "title": "Dettagli", "level": 3}]


def test_the_html_is_sanitised():
    html, _ = render('<script>alert(1)</script>\n\n<a href="javascript:x()" onclick="y()">z</a> [w](javascript:v)\n\n'
                     '<img src=x onerror=alert(1)>')
    assert "<script" not in html and "onclick" not in html and "javascript:" not in html and "<img" not in html


def test_tables_and_lists_become_plain_text_one_block_a_line():
    html, _ = render("- uno\n- due\n\n| A | B |\n| --- | :-: |\n| 1 | 2 |\n")
    assert 'align="center"' in html
    assert html_to_text(html).splitlines() == ["uno", "due", "A", "B", "1", "2"]


def test_chunks_cut_the_body_at_its_anchored_subsections():
    html, _ = render("Intro.\n\n## Prezzo {#price}\n\nDue monete.\n\n## Sconti {#discounts}\n\nUna moneta.")
    assert chunks(html) == [
        {"anchor": "", "heading": "", "text": "Intro."},
        {"anchor": "price", "heading": "Prezzo", "text": "Due monete."},
        {"anchor": "discounts", "heading": "Sconti", "text": "Una moneta."},
    ]


def test_a_sub_list_indented_by_two_spaces_is_nested_in_its_item_not_glued_into_a_paragraph():
    html, _ = render("- On every turn:\n  1. pick a card;\n  2. play it.\n- Then pass.")
    assert html == ("<ul>\n<li>On every turn:<ol>\n<li>pick a card;</li>\n<li>play it.</li>\n</ol>\n</li>\n"
                    "<li>Then pass.</li>\n</ul>")


def test_an_indented_line_outside_a_list_keeps_its_meaning():
    html, _ = render("Text.\n\n    code line\n")
    assert "<pre><code>code line" in html
