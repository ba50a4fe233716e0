"""wonders_site.middleware.OneThreadForTheChain: under ASGI the middleware chain runs in one thread."""
import pytest
from asgiref import sync


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_under_the_async_handler_no_middleware_method_is_sent_to_a_thread_of_its_own(async_client, monkeypatch):
    sent_to_threads = []
    original = sync.SyncToAsync.__init__

    def noting(self, func, *args, **kwargs):
        sent_to_threads.append(getattr(func, "__qualname__", repr(func)))
        original(self, func, *args, **kwargs)

    monkeypatch.setattr(sync.SyncToAsync, "__init__", noting)
    response = await async_client.get("/api/progress-tokens/")

    assert response.status_code == 200
    per_middleware = [name for name in sent_to_threads if ".process_request" in name or ".process_response" in name]
    assert per_middleware == []
