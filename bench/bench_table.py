"""How fast the game page draws an 8-player Cities table on a slow phone (issue 31): `make bench-table`.

    python bench/bench_table.py [--updates 100] [--size desktop|phone] [--throttle 4]

1. Starts the site in the embedded mode of `make run` (tests/integration/live_stack.py: a SQLite
   file, the in-memory channel layer, bots played in-process by daphne), signs a player up and
   deals an 8-seat table of 7 Wonders with Cities in teams: the player at seat 0, seven bots.
2. Opens the game page in Debian's Chromium (/usr/bin/chromium) with the CPU slowed down --throttle
   times through the DevTools protocol (Emulation.setCPUThrottlingRate, 4 by default: a phone).
   A scripted client (LiveClient) plays seat 0 over its own socket with random legal moves, and
   waits for the page to have drawn every version before it moves again, so that each update is
   drawn on its own.
3. The page's own timings: static/js/play-common.js measures "wonders:first-render" (taking the
   first snapshot up to the end of the board's render) and "wonders:update" (one applied update:
   taken up, applied, drawn). The bench reads them with page.evaluate; it also times each update
   to the end of the next frame (a setTimeout posted from the frame's requestAnimationFrame: the
   browser's style, layout and paint of that render included).
   Mid-game first renders: from the start of age 2, every third turn the page is loaded again.
4. Plays tables until --updates resolved turns (updates carrying `turn_resolved`) were drawn, then
   prints first render and update times (p50, p99, max; resolved turns and every update apart)
   and the page's JavaScript and CSS, gzipped (level 9), per file and summed: the table's own
   files (those the home page does not load) and all of them.

With --profile N, the page's JavaScript is sampled (DevTools' Profiler) over the tables' updates and
the N functions with the most time (their own, and with what they call) are printed: where an update's script time goes.

The server runs at --server-nice (10): on this machine it shares the cores with Chromium (its bots
play inside it, at every resolved turn), which a phone never does; the page's times are the
browser's. The targets are printed next to the numbers; the bench never fails on a time. The
machine's load average is printed first: read the times with it.
"""
import argparse
import asyncio
import contextlib
import gzip
import os
import re
import sys
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.integration.live_stack import LiveClient, LiveStack, percentile  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
PLAYERS = 8
TARGET_UPDATE_P99_MS = 50
TARGET_FIRST_RENDER_MS = 300
TARGET_ASSETS_KB = 60
RELOAD_EVERY = 3  # turns, from age 2: a first render of a mid-game table

# Each measure the page makes is copied, with the end of the frame that follows it (rAF, then a task).
FRAME_WATCH = """
(() => {
  window.__benchFrames = [];
  const measure = performance.measure.bind(performance);
  performance.measure = function (name, options) {
    const entry = measure(name, options);
    if (name.startsWith('wonders:')) {
      const record = {name, version: entry.detail && entry.detail.version, start: entry.startTime,
                      duration: entry.duration, painted: null, nth: window.__benchFrames.length};
      window.__benchFrames.push(record);
      requestAnimationFrame(() => setTimeout(() => { record.painted = performance.now() - record.start; }, 0));
    }
    return entry;
  };
})();
"""
READ_MEASURES = "() => window.__benchFrames.filter(r => r.painted !== null)"
LAST_VERSION = "() => Math.max(0, ...window.__benchFrames.filter(r => r.painted !== null).map(r => r.version))"


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--updates", type=int, default=100,
                        help="resolved turns to time, at least (default 100: a p99 of fewer is their slowest)")
    parser.add_argument("--size", choices=sorted(SIZES), default="desktop",
                        help="the viewport: desktop 1366x900 (every city drawn) or phone 390x844")
    parser.add_argument("--throttle", type=float, default=4.0, help="CPU slowdown (default 4: a phone)")
    parser.add_argument("--server-nice", type=int, default=10,
                        help="the server's niceness, so that it yields the cores to the browser (default 10; 0: none)")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per table at most")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="sample the page's JavaScript over the updates and print the N functions with the most time")
    return parser.parse_args(argv)


def gzipped_size(data):
    return len(gzip.compress(data, compresslevel=9))


def page_assets(html):
    """The page's own scripts and stylesheets (their paths on the site), in page order."""
    scripts = re.findall(r'<script[^>]*\bsrc="([^"]+)"', html)
    styles = [m for tag in re.findall(r"<link[^>]*>", html) if re.search(r'rel="?stylesheet', tag)
              for m in re.findall(r'href="([^"]+)"', tag)]
    return [path for path in scripts + styles if path.startswith("/")]


def fetch(url, cookie=None):
    request = urllib.request.Request(url, headers={"Cookie": f"sessionid={cookie}"} if cookie else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read()


def asset_report(stack, game_path, cookie):
    """[(path, raw bytes, gzipped bytes, table's own?)] for the game page's scripts and styles."""
    home = set(page_assets(fetch(stack.url("/en/"), cookie).decode()))
    rows = []
    for path in page_assets(fetch(stack.url(game_path), cookie).decode()):
        body = fetch(stack.url(path))
        rows.append((path, len(body), gzipped_size(body), path not in home))
    return rows


def resolved_versions(client):
    """The versions whose update resolved a turn (carries a turn_resolved event)."""
    return {m["version"] for m in client.messages
            if m["type"] == "update" and any(e.get("type") == "turn_resolved" for e in m.get("events", []))}


async def wait_drawn(page, version, timeout=60):
    end = time.monotonic() + timeout
    while await page.evaluate(LAST_VERSION) < version:
        if time.monotonic() > end:
            raise TimeoutError(f"the page did not draw version {version} in {timeout} s")
        await asyncio.sleep(0.02)


async def play_table(stack, http, browser, args, results):
    match_id = stack.create_table(http, players=PLAYERS, bots=["medium"] * (PLAYERS - 1),
                                  fields={"option_expansions": "cities", "option_teams": "True"})
    stack.start_table(http, match_id)
    cookie = http.cookies["sessionid"]
    game_path = f"/{args.lang}/play/{match_id}/game/"
    context = await browser.new_context(viewport=SIZES[args.size])
    await context.add_cookies([{"name": "sessionid", "value": cookie, "domain": "127.0.0.1", "path": "/"}])
    await context.add_init_script(FRAME_WATCH)
    page = await context.new_page()
    page_errors = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    cdp = await context.new_cdp_session(page)
    await cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
    client = LiveClient(stack, match_id, cookie, name="bench-table", seed=match_id)
    await client.connect()
    kept = []  # measures of the page loads before the current one

    async def load():
        # The profile covers the updates only: a page load's first render is left out of it.
        if args.profile and profiling:
            add_self_times(results["profile"], results["inclusive"], (await cdp.send("Profiler.stop"))["profile"])
        await page.goto(stack.url(game_path))
        try:
            await wait_drawn(page, client.version)
        except TimeoutError as error:
            raise TimeoutError(f"{error}; the page's errors: {page_errors}") from None
        if args.profile:
            await cdp.send("Profiler.enable")
            await cdp.send("Profiler.setSamplingInterval", {"interval": 200})
            await cdp.send("Profiler.start")
            profiling.append(True)

    profiling = []
    await load()
    reloaded_at = None
    end = time.monotonic() + args.timeout
    while not client.finished:
        if time.monotonic() > end:
            raise TimeoutError(f"table {match_id} not finished in {args.timeout} s (version {client.version})")
        view = client.view or {}
        turn = (view.get("age"), view.get("turn"))
        if (view.get("age") or 0) >= 2 and view.get("turn") and view["turn"] % RELOAD_EVERY == 1 \
                and turn != reloaded_at and client.may_act:
            reloaded_at = turn
            kept += await page.evaluate(READ_MEASURES)
            await load()
        if client.may_act:
            await client.act()
        try:
            await client.recv(5)
        except asyncio.TimeoutError:
            await client.send({"type": "resync"})
            continue
        await wait_drawn(page, client.version)
    await wait_drawn(page, client.version)
    kept += await page.evaluate(READ_MEASURES)
    if args.profile:
        add_self_times(results["profile"], results["inclusive"], (await cdp.send("Profiler.stop"))["profile"])
    resolved = resolved_versions(client)
    for record in kept:
        if record["name"] == "wonders:first-render":
            results["first"].append(record)
        else:
            results["updates"].append(record)
            if record["version"] in resolved:
                results["resolved"].append(record)
    if not results["assets"]:
        results["assets"] = asset_report(stack, game_path, cookie)
    await client.close()
    await context.close()
    return match_id


def add_self_times(totals, inclusive, profile):
    """Adds a DevTools CPU profile's time (ms) per function (name, file, line) to `totals` (its own
    time: a native call is named with its caller) and to `inclusive` (with the functions it called)."""
    nodes = {node["id"]: node["callFrame"] for node in profile["nodes"]}
    parents = {child: node["id"] for node in profile["nodes"] for child in node.get("children", ())}
    for node_id, delta in zip(profile["samples"], profile["timeDeltas"]):
        frame = nodes[node_id]
        name = frame["functionName"] or "(anonymous)"
        if not frame["url"] and node_id in parents and name not in ("(program)", "(idle)", "(root)"):  # a native call: named with its caller's place
            caller = nodes[parents[node_id]]
            frame = {**caller, "functionName": f"{name} in {caller['functionName'] or '(anonymous)'}"}
            name = frame["functionName"]
        key = (name, frame["url"].rsplit("/", 1)[-1], frame["lineNumber"] + 1)
        totals[key] = totals.get(key, 0.0) + delta / 1000.0
        seen, up = set(), node_id  # the time with callees: once for each function on the stack
        while up is not None:
            caller = nodes[up]
            if caller["url"]:
                seen.add((caller["functionName"] or "(anonymous)", caller["url"].rsplit("/", 1)[-1], caller["lineNumber"] + 1))
            up = parents.get(up)
        for place in seen:
            inclusive[place] = inclusive.get(place, 0.0) + delta / 1000.0


def line(label, values, target=None):
    if not values:
        return f"  {label:<44} (none)"
    text = (f"  {label:<44} n={len(values):<4} p50 {percentile(values, 50):7.1f} ms   "
            f"p99 {percentile(values, 99):7.1f} ms   max {max(values):7.1f} ms")
    return text + (f"   target {target}" if target else "")


def report(args, results, tables, seconds):
    first, updates, resolved = results["first"], results["updates"], results["resolved"]
    print(f"\n{PLAYERS}-player Cities table (teams), {args.size} {SIZES[args.size]['width']}x"
          f"{SIZES[args.size]['height']}, CPU throttled {args.throttle:g}x, {tables} table(s) in {seconds:.0f} s")
    print("first render (first snapshot to the board drawn):")
    print(line("script (wonders:first-render)", [r["duration"] for r in first],
               f"< {TARGET_FIRST_RENDER_MS} ms"))
    print(line("to the end of the next frame (layout, paint)", [r["painted"] for r in first]))
    print(f"one update, a resolved turn ({PLAYERS} players):")
    print(line("script (wonders:update)", [r["duration"] for r in resolved], f"p99 < {TARGET_UPDATE_P99_MS} ms"))
    print(line("to the end of the next frame (layout, paint)", [r["painted"] for r in resolved]))
    slowest = sorted(resolved, key=lambda r: -r["duration"])[:5]
    print("  the slowest (the page's measures are counted from its load: 0 is its first render): "
          + ", ".join(f"{r['duration']:.0f} ms (measure {r['nth']})" for r in slowest))
    print("every update (a seat's choice, a resolved turn, a prompt):")
    print(line("script (wonders:update)", [r["duration"] for r in updates]))
    print(line("to the end of the next frame (layout, paint)", [r["painted"] for r in updates]))
    print("the game page's JavaScript and CSS (gzip -9):")
    if results["profile"]:
        busy = {key: ms for key, ms in results["profile"].items() if key[0] not in ("(idle)", "(program)")}
        print(f"the page's JavaScript, self time of the top {args.profile} functions (of {sum(busy.values()):.0f} ms sampled):")
        for (name, url, lineno), ms in sorted(busy.items(), key=lambda item: -item[1])[:args.profile]:
            print(f"  {ms:9.1f} ms  {name} ({url or 'native'}:{lineno})")
        print(f"the page's JavaScript, time with callees of the top {args.profile} functions:")
        for (name, url, lineno), ms in sorted(results["inclusive"].items(), key=lambda item: -item[1])[:args.profile]:
            print(f"  {ms:9.1f} ms  {name} ({url}:{lineno})")
    own = [row for row in results["assets"] if row[3]]
    for path, raw, packed, mine in results["assets"]:
        print(f"  {path:<58} {raw / 1024:7.1f} KB  gzipped {packed / 1024:6.1f} KB{'' if mine else '  (every page)'}")
    own_kb = sum(row[2] for row in own) / 1024
    all_kb = sum(row[2] for row in results["assets"]) / 1024
    print(f"  the table's own files ({len(own)}), gzipped: {own_kb:.1f} KB   target < {TARGET_ASSETS_KB} KB")
    print(f"  with the files every page loads ({len(results['assets'])}), gzipped: {all_kb:.1f} KB")


def yield_to_the_browser(pid, niceness):
    """Every thread of the server (its bots play inside it) at `niceness`, so that on a machine of
    few cores the browser is not held up by the server's work: a phone shares its CPU with no
    server. Threads made later inherit it from the thread that makes them."""
    for task in os.listdir(f"/proc/{pid}/task"):
        with contextlib.suppress(ProcessLookupError):
            os.setpriority(os.PRIO_PROCESS, int(task), niceness)


async def main(args):
    from playwright.async_api import async_playwright

    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    stack = LiveStack(embedded=True, name="bench-table")
    stack.start()
    yield_to_the_browser(stack.daphne.pid, args.server_nice)
    results = {"first": [], "updates": [], "resolved": [], "assets": [], "profile": {}, "inclusive": {}}
    started = time.monotonic()
    tables = 0
    try:
        http = stack.signup("bench_table")
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            while len(results["resolved"]) < args.updates:
                match_id = await play_table(stack, http, browser, args, results)
                tables += 1
                print(f"table {match_id}: {len(results['resolved'])} resolved turns timed so far", flush=True)
            await browser.close()
    except BaseException:
        stack.keep_logs = True  # the server's log says why (its folder is printed)
        print(f"the stack's logs are kept in {stack.dir}", file=sys.stderr)
        raise
    finally:
        stack.stop()
    report(args, results, tables, time.monotonic() - started)


if __name__ == "__main__":
    asyncio.run(main(parse_args()))
