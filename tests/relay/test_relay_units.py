"""The relay's parts without a server: the code, the relay address, the frames, the
key exchange and the sealed channel, the joiner's refusal in its session, and the
ticket that remembers a relay game, and the record that remembers one."""

from __future__ import annotations

import secrets

import pytest

import net
from isaac_game.lan import LanRecordError, kept_game, lan_headers
from isaac_game.lan.online import host_online
from isaac_game.lan.saved import save_kept
from isaac_game.lan.ticket import Ticket
from isaac_game.match import RandomSeat
from isaac_game.rules import GameRecord, load_record, new_game
from net import Closed, ListGame, Rejected
from net.events import Connect
from net.framing import MAX_MESSAGE_BYTES, encode
from net.join_session import JoinSession
from net.relay import wire
from net.relay.address import RelayAddressError, relay_servers, shown
from net.relay.code import CodeError, RoomCode, new_code, parse_code
from net.relay.crypto import HOST, JOIN, Handshake


def test_a_code_reads_however_it_is_typed():
    assert parse_code("K7M-4QP") == RoomCode("K7M", "4QP")
    assert parse_code(" k7m4qp ") == parse_code("K7M 4QP") == RoomCode("K7M", "4QP")
    # what a reader may mistake is read as the one character it can be
    assert parse_code("o1l-IOo") == RoomCode("011", "100")
    assert str(parse_code("k7m4qp")) == "K7M-4QP"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("K7M-4QU", "'U' cannot be in a code: a code has digits and letters only, like K7M-4QP"),
        ("K7M-4Q", "a code has 6 characters, like K7M-4QP; this one has 5"),
        ("K7M-4QPP", "a code has 6 characters, like K7M-4QP; this one has 7"),
        ("", "a code has 6 characters, like K7M-4QP; this one has 0"),
        ("K7M_4QP", "'_' cannot be in a code"),
    ],
)
def test_a_bad_code_says_why(text, message):
    with pytest.raises(CodeError) as error:
        parse_code(text)
    assert str(error.value).startswith(message)


def test_new_codes_read_back_and_differ():
    codes = [new_code() for _ in range(300)]
    assert all(parse_code(str(c)) == c for c in codes)
    assert all(len(str(c)) == 7 and str(c)[3] == "-" for c in codes)
    assert len({str(c) for c in codes}) > 290
    assert all(not set(str(c)) & set("OILU") for c in codes)


def test_relay_addresses():
    assert relay_servers("club.example.org") == ["nats://club.example.org:4222"]
    assert relay_servers("a:4333, tls://b") == ["nats://a:4333", "tls://b:4222"]
    assert relay_servers("[::1]:5") == ["nats://[::1]:5"]
    assert shown(relay_servers("a, b:1")) == "a:4222,b:1"
    for bad in ("", "a:x", "a:0", "a:70000", "http://a", "a/b", "a,,b", "u@a"):
        with pytest.raises(RelayAddressError):
            relay_servers(bad)


def test_frames_parse_only_what_they_should():
    attempt = secrets.token_bytes(wire.ATTEMPT_BYTES)
    for kind, body in [(wire.PAKE, b"x" * 33), (wire.CONFIRM, b"y" * 32), (wire.PROBE, b""),
                       (wire.REFUSE, b"wrong-code"), (wire.DATA, b"z" * 25)]:  # fmt: skip
        frame = wire.parse(wire.pack(kind, attempt, body))
        assert frame == wire.Frame(kind, attempt, body)
    for junk in [b"", b"\x01P", b"\x02P" + attempt + b"x" * 33, b"\x01Z" + attempt,
                 wire.pack(wire.PAKE, attempt, b"x" * 32), wire.pack(wire.REFUSE, attempt, b"hi"),
                 wire.pack(wire.DATA, attempt, b"z" * 24)]:  # fmt: skip
        assert wire.parse(junk) is None
    # the largest message of the contract fits a frame, and the relay takes the frame
    assert wire.MAX_FRAME <= wire.RELAY_MAX_PAYLOAD < wire.MAX_FRAME + 1024
    assert wire.subjects("K7M") == ("isaac.room.K7M.host", "isaac.room.K7M.join")


def exchange(join_code: str, host_code: str, attempt: bytes) -> tuple[Handshake, Handshake]:
    joiner = Handshake(parse_code(join_code), attempt, JOIN)
    host = Handshake(parse_code(host_code), attempt, HOST)
    theirs, ours = joiner.start(), host.start()
    host.finish(theirs)
    joiner.finish(ours)
    return joiner, host


def test_the_key_exchange_holds_only_for_the_same_code():
    attempt = secrets.token_bytes(8)
    joiner, host = exchange("K7M-4QP", "K7M-4QP", attempt)
    assert host.confirms(joiner.confirmation()) and joiner.confirms(host.confirmation())
    assert not host.confirms(host.confirmation())  # a reflected confirmation is no proof
    joiner, host = exchange("K7M-4QQ", "K7M-4QP", attempt)  # the secret differs
    assert not host.confirms(joiner.confirmation())
    joiner, host = exchange("K7N-4QP", "K7M-4QP", attempt)  # the room differs: no key either
    assert not host.confirms(joiner.confirmation())


def test_the_channel_refuses_replays_reorders_and_forgeries():
    attempt = secrets.token_bytes(8)
    joiner, host = exchange("K7M-4QP", "K7M-4QP", attempt)
    out, back = joiner.channel(), host.channel()
    first, second, third = (out.seal(b"M" + bytes([i])) for i in range(3))
    assert back.open(first) == b"M\x00"
    assert back.open(first) is None  # replayed
    assert back.open(third) == b"M\x02"  # a gap: one lost on the way is allowed
    assert back.open(second) is None  # overtaken: too old now
    forged = bytearray(out.seal(b"M3"))
    forged[-1] ^= 1
    assert back.open(bytes(forged)) is None
    assert back.open(out.seal(b"M4")) == b"M4"  # a forgery did not move the counter
    # the same text sealed in another attempt (another key) does not open here
    other_joiner, _ = exchange("K7M-4QP", "K7M-4QP", secrets.token_bytes(8))
    assert back.open(other_joiner.channel().seal(b"M5")) is None
    # each direction has its own key: our own frame sent back does not open
    assert out.open(out.seal(b"M6")) is None
    # a whole message of the contract, sealed, fits a frame
    big = encode({"t": "chat", "text": "x" * 4000, "pad": ["y" * 4000] * 15})
    assert len(big) <= MAX_MESSAGE_BYTES
    assert len(wire.pack(wire.DATA, attempt, out.seal(b"M" + big))) <= wire.MAX_FRAME


def test_a_refused_attempt_ends_the_joiner_as_a_reject_does():
    game = ListGame("isaac", lambda moves, move: None, lambda moves: "dark")
    session = JoinSession(game)
    assert session.start(0.0) == [Connect(1)]
    assert session.connection_refused(2, "stale", "wrong-code", 0.1) == []  # not our attempt
    assert session.connection_refused(1, "wrong code", "wrong-code", 0.2) == [
        Rejected("wrong code", "wrong-code"),
        Closed("rejected: wrong code"),
    ]
    assert session.state == "closed"


def test_a_relay_ticket_fits_its_relay_and_code_only():
    data = {"host": "relay.example", "port": 4222, "game": "isaac", "token": "ab" * 16,
            "seat": "light", "host_name": "Ann", "name": "Bob",
            "relay": "relay.example:4222", "code": "K7M-4QP"}  # fmt: skip
    ticket = Ticket.from_json(data)
    assert ticket is not None
    assert ticket.fits_relay("relay.example:4222", "K7M-4QP", "isaac")
    assert not ticket.fits_relay("relay.example:4222", "K7M-4QQ")
    assert not ticket.fits("relay.example", 4222)  # never taken for a LAN dial
    lan = Ticket.from_json({k: v for k, v in data.items() if k not in ("relay", "code")})
    assert lan is not None and lan.fits("relay.example", 4222) and not lan.fits_relay("", "")
    for broken in ({"code": "k7m4qp"}, {"code": "K7M-4QU"}, {"relay": ""}, {"code": 7}):
        assert Ticket.from_json({**data, **broken}) is None


def test_a_game_played_online_is_saved_with_its_relay_and_code(tmp_path):
    """Its record keeps the relay and the code (`LanRelay`, `LanCode`), so it is hosted
    again where the joiner's relay ticket looks; a record with only one of them, or one
    that does not read, cannot be hosted again anywhere."""
    token = "0123456789abcdef" * 2
    state = new_game("isaac")
    for _ in range(4):
        state = state.play(state.legal_moves()[0])
    seat, code = RandomSeat("Ann", seed=1), parse_code("k7m4qp")
    session = host_online("isaac", seat, "relay.example.org", code=code, name="Ann")  # unstarted
    session._handle(net.GameStarted("dark", "Bob", token, tuple(state.moves), False))
    assert lan_headers(session) == {
        "Lan": "host",
        "LanPeer": "Bob",
        "LanToken": token,
        "LanSeat": "dark",
        "LanRelay": "relay.example.org:4222",
        "LanCode": "K7M-4QP",
    }
    record = load_record(save_kept(session, tmp_path, "random"))
    kept = kept_game(record)
    assert kept.online and (kept.relay, kept.code) == ("relay.example.org:4222", "K7M-4QP")
    assert (kept.token, kept.seat, kept.state.moves) == (token, "dark", state.moves)
    lan = {k: v for k, v in record.headers.items() if k not in ("LanRelay", "LanCode")}
    assert not kept_game(GameRecord(record.state, lan)).online  # a LAN game stays one
    for changes in ({"LanCode": ""}, {"LanRelay": ""}, {"LanCode": "K7M-4QU"},
                    {"LanRelay": "relay.example.org:99999"}):  # fmt: skip
        with pytest.raises(LanRecordError, match="relay address or code"):
            kept_game(GameRecord(record.state, {**record.headers, **changes}))
