"""Playing the base game's board in Chromium by clicking (or by the keyboard alone), for the
whole-game tests of tests/e2e/test_board_*.py (issue 31, items 3 and 5).

A move is one click on a card, then one of the buttons of the action bar under the hand
(#game-choices .action-bar .choice); a button marked aria-haspopup opens the payment chooser
(.choice--pay). The Cities debt decision is a button of #game-debt; the 2-player variant's
controller then picks the Free City's card (buttons data-city="free_city").
"""
import time

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}

PAGE_STATE = """() => {
  const cards = [...document.querySelectorAll('#game-hand-cards .hand-card')];
  const bar = document.getElementById('game-choices');
  const debt = document.getElementById('game-debt');
  const hand = document.getElementById('game-hand');
  const list = document.getElementById('game-hand-cards').getBoundingClientRect();
  const open = bar.hidden ? null : bar.getBoundingClientRect();
  const conflict = document.getElementById('moment-conflict');
  return {
    hand: cards.map(c => c.dataset.card + (c.disabled ? '-' : '+')).join(','),
    enabled: cards.filter(c => !c.disabled).length,
    chosen: !!document.querySelector('.hand-card--chosen'),
    owes_free_city: !!document.querySelector('#game-prompt .prompt--act'),
    debts: debt.hidden ? 0 : debt.querySelectorAll('.choice').length,
    debt_for: debt.hidden ? '' : debt.dataset.city,
    bar_choices: bar.hidden ? 0 : bar.querySelectorAll('.action-bar .choice').length,
    hand_shown: !hand.hidden,
    prompt: hand.dataset.prompt || '',
    hand_top: hand.hidden ? null : list.top + scrollY,
    bar_bottom: open ? open.bottom + scrollY : null,
    debt_bottom: debt.hidden ? null : debt.getBoundingClientRect().bottom + scrollY,
    conflict: !conflict.hidden,
    partner: !document.getElementById('game-partner').hidden,
    passed: [...document.querySelectorAll('#game-passed .passed-hand')].map(row => row.querySelectorAll('.chip-card').length),
    conflict_title: conflict.hidden ? '' : conflict.querySelector('h2').textContent,
    age: document.getElementById('game-age').textContent,
    over: !document.getElementById('game-scores').hidden,
    scroll_y: scrollY,
    wide: document.documentElement.scrollWidth > innerWidth,
  };
}"""


# The lines of a `manage.py shell` script that put a made `state` in place of `match`'s: the moves
# logged past the state's own log dropped, its config taken, the step and the version moved on so
# that the page and its socket read it as new. No braces: the scripts it goes into are
# .format()ted.
WRITE_MADE_STATE = """
match.actions.filter(index__gte=len(engine.action_log(state))).delete()
match.state = state
match.config = state["config"]
match.step += 1
match.version += 1
match.save(update_fields=["state", "config", "step", "version"])
"""


# The action bar's top and bottom on the screen (viewport pixels).
BAR_ON_SCREEN = "() => { const r = document.getElementById('game-choices').getBoundingClientRect(); return [r.top, r.bottom]; }"


def watch_for_errors(page):
    problems = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    return problems


def open_table(site, browser, username, lang, viewport, players, bots, fields=None, phone=False):
    """A new player's table with bots, started; the page on its game, connected. -> (page, match id)."""
    site.signup(username)
    http = site.login(username)
    match_id = site.create_table(http, players=players, bots=bots, fields=fields)
    site.start_table(http, match_id)
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone,
                                  device_scale_factor=2 if phone else 1)
    context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                          "path": "/"}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(site.url(f"/{lang}/play/{match_id}/game/"))
    page.locator("#game-hand-cards .hand-card").first.wait_for()
    return page, match_id


def shoot_both(page, screenshot, name, size_now):
    """The page as it is now at its size, then at the other one (tests/e2e/out/<name>-<size>.png)."""
    other = "phone" if size_now == "desktop" else "desktop"
    screenshot(page, f"{name}-{size_now}", full_page=False)
    page.set_viewport_size(PHONE if other == "phone" else DESKTOP)
    page.wait_for_timeout(150)
    screenshot(page, f"{name}-{other}", full_page=False)
    page.set_viewport_size(DESKTOP if other == "phone" else PHONE)
    page.wait_for_timeout(150)


class Game:
    """One seat's whole game, move by move. `on_state(state)` sees every state read (assertions);
    `on_bar(kind)` is called with "bar" when an action bar is open, "pay" when a chooser is."""

    def __init__(self, page, rng, on_state=None, on_bar=None, timeout=80):
        self.page, self.rng = page, rng
        self.on_state = on_state or (lambda state: None)
        self.on_bar = on_bar or (lambda kind: None)
        self.timeout = timeout
        self.moves = self.debts = self.free_city_moves = self.free_city_debts = self.choosers = 0
        self.payments_offered = []
        self.labels = []  # the full words (aria-label) of every action button clicked

    def state(self):
        state = self.page.evaluate(PAGE_STATE)
        self.on_state(state)
        return state

    def play(self, move):
        """Play until the score sheet shows; `move(state)` makes one move. Returns self."""
        acted_on, acted_at = None, 0.0
        end = time.monotonic() + self.timeout
        while time.monotonic() < end:
            state = self.state()
            if state["over"]:
                return self
            signature = (state["age"], state["hand"], state["chosen"], state["owes_free_city"], state["debts"],
                         state["debt_for"])
            due = state["debts"] or (not state["chosen"] or state["owes_free_city"]) and (
                state["enabled"] or state["bar_choices"])
            if due and (signature != acted_on or time.monotonic() - acted_at > 8):
                try:
                    move(state)
                except Exception:  # noqa: BLE001 - the hand was drawn again under the move: look again
                    self.page.wait_for_timeout(150)
                    continue
                acted_on, acted_at = signature, time.monotonic()
            self.page.wait_for_timeout(60)
        raise AssertionError(f"the game did not end in {self.timeout} s ({self.moves} moves; {self.state()})")

    # -- by clicking

    def click_move(self, state):
        page, rng = self.page, self.rng
        if state["debts"]:
            page.locator("#game-debt .choice").nth(rng.randrange(state["debts"])).click(timeout=4_000)
            self.debts += 1
            self.free_city_debts += state["debt_for"] == "free_city"
            return
        if state["enabled"]:
            cards = page.locator("#game-hand-cards .hand-card:not([disabled])")
            cards.nth(rng.randrange(state["enabled"])).click(timeout=4_000)
        selector = '#game-choices .action-bar .choice[data-city="free_city"]' if state["owes_free_city"] \
            else "#game-choices .action-bar .choice"
        buttons = page.locator(selector)
        buttons.first.wait_for(state="visible", timeout=4_000)
        self.on_bar("bar")
        count = buttons.count()
        asks = [k for k in range(count) if buttons.nth(k).get_attribute("aria-haspopup") == "true"]
        # A chooser, when one can open, is taken now and then: its buttons are played too.
        pick = rng.choice(asks) if asks and rng.random() < 0.6 else rng.randrange(count)
        button = buttons.nth(pick)
        opens = button.get_attribute("aria-haspopup") == "true"
        self.labels.append(button.get_attribute("aria-label"))
        button.click(timeout=4_000)
        if opens:
            self.pay(lambda pays: pays.nth(self.rng.randrange(pays.count())).click(timeout=4_000))
        self.moves += 1
        self.free_city_moves += state["owes_free_city"]

    def pay(self, choose):
        pays = self.page.locator("#game-choices .choice--pay")
        pays.first.wait_for(state="visible", timeout=4_000)
        self.choosers += 1
        self.payments_offered.append(pays.all_inner_texts())
        self.on_bar("pay")
        choose(pays)

    # -- by the keyboard alone (Tab, Enter, Space)

    def focused(self, selector):
        return self.page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)

    def tab_to(self, selector, skip=0, limit=80):
        """Tab until the focus is on the (skip+1)-th element matching `selector` met."""
        for _ in range(limit):
            if self.focused(selector):
                if not skip:
                    return
                skip -= 1
            self.page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached {selector}")

    def key_move(self, state):
        page, rng = self.page, self.rng
        press = lambda: page.keyboard.press(rng.choice(["Enter", "Space"]))  # noqa: E731
        if state["enabled"]:
            self.tab_to(".hand-card:not([disabled])")
            self.tab_to(".hand-card:not([disabled])", skip=rng.randrange(state["enabled"]))
            press()
        page.locator("#game-choices .action-bar .choice").first.wait_for(state="visible", timeout=4_000)
        assert self.focused("#game-choices .choice"), "the focus did not move to the card's first action"
        count = page.locator("#game-choices .action-bar .choice").count()
        self.tab_to("#game-choices .action-bar .choice", skip=rng.randrange(count))
        opens = page.evaluate("document.activeElement.getAttribute('aria-haspopup') === 'true'")
        press()
        if opens:
            def choose(pays):
                assert self.focused(".choice--pay"), "the focus did not move to the first payment"
                self.tab_to(".choice--pay", skip=rng.randrange(pays.count()))
                press()
            self.pay(choose)
        self.moves += 1

