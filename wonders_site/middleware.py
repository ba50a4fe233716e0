"""Middleware of the site's own."""


class OneThreadForTheChain:
    """Last in MIDDLEWARE, sync only: under ASGI (daphne), Django then runs the whole middleware
    chain and the view in one worker thread per request.

    Every middleware but WhiteNoise can run async, so Django ran those after WhiteNoise in async
    mode, and an async-mode MiddlewareMixin calls each of its process_request/process_response in
    a thread of its own: a dozen trips between the event loop and a thread per request, which cost
    more than the cached catalogue answer itself (bench/bench_cards_api.py: daphne's CPU per
    request). With a sync-only middleware innermost, the chain adapts once at the top and once
    around the view. Nothing changes under WSGI or the test client (sync already)."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)
