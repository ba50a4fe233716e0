"""The icon sprites are written once into every page and every icon points into the page."""
import re

from cards import sprites


def test_the_two_sprite_files_share_no_symbol_id():
    ids = [re.findall(r'<symbol\b[^>]*\bid="([^"]+)"', sprites.symbols(path)) for path in sprites.SPRITE_FILES]
    assert all(ids) and not set(ids[0]) & set(ids[1])


def test_an_inlined_symbol_id_never_takes_a_pages_own_id():
    markup = sprites.inline_sprites()
    assert 'id="search"' not in markup and 'id="icon-search"' in markup
    assert "<!--" not in markup and markup.count("<svg") == 1


def test_every_icon_on_a_catalogue_page_finds_its_symbol_in_the_page(client, catalogue):
    for path in ("/en/cards/", "/it/wonders/", "/en/architects/progress-tokens/"):
        body = client.get(path).content.decode()
        used = set(re.findall(r'<use href="#(icon-[\w-]+)"', body))
        defined = set(re.findall(r'<symbol\b[^>]*\bid="(icon-[\w-]+)"', body))
        assert used and used <= defined, (path, used - defined)
        assert body.index('class="sprites"') < body.index('<use href="#icon-')
