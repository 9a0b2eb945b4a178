"""Play through a relay: the contract (docs/protocol.md) carried by a NATS server, so
two players meet by a short code wherever they are, the host still the authority.

    code.py       the code (`K7M-4QP`): its public room and its secret part
    address.py    a relay's address -> NATS server URLs
    events.py     what the relay transport adds to the contract's events
    wire.py       the frames on a room's two subjects
    crypto.py     the key exchange (SPAKE2) and sealed messages (SecretBox)
    line.py       one NATS connection, reconnecting by itself
    transport.py  `RelayHost`, `RelayJoin`: endpoints with `NetHost`'s API

Only the first three are light; the rest need nats-py, spake2 and PyNaCl, imported
when a relay is used (`net.relay.transport`), never by `import net`.
"""
