"""The resting loop is not deaf: news from another thread (the network's) ends the rest
at once, and the frame whose updates take it in is drawn, with no input at all."""

from __future__ import annotations

import threading
import time

from isaac_game.client.app import TICK


def test_news_from_another_thread_ends_the_rest_and_is_drawn(app, monkeypatch):
    app.frame(TICK, [], always_draw=False)
    assert not app.needs_drawing()  # the title, still: nothing to draw
    drawn: list[int] = []
    draw = app.draw
    monkeypatch.setattr(app, "draw", lambda surface=None: drawn.append(app.frames) or draw())
    assert app.rest(0.05) == [] and not drawn  # nothing came: the whole rest is slept
    news = threading.Thread(target=app.wake)
    news.start()
    news.join()
    start = time.monotonic()
    events = app.rest(30.0)
    assert time.monotonic() - start < 10.0  # ended by the news, not by the 30 s
    app.frame(TICK, events, always_draw=False)
    assert drawn == [app.frames - 1]  # that frame was drawn
    app.frame(TICK, [], always_draw=False)
    assert len(drawn) == 1  # and only that one
