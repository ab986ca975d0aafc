"""The websocket's front door: frames no browser of ours sends are dropped before Reflex sees them
(issue 17: 7).

Reflex 0.10.1 turns each socket.io `event` frame into an `Event` and queues it; a name it does not
know, a payload that is not an object, arguments the handler does not take or router data of the
wrong shape then fail deep inside Reflex, and every failure is logged with a traceback (and the
request's headers). python-socketio logs one more for a frame that is not JSON or carries a number
JSON cannot hold. All of that is an outsider's to trigger at will. `guard(app)` puts the rule of
`tilerooms.reflex_ext.payloads` in front of Reflex instead:

- a frame that does not decode, or whose event name is not text, becomes a refused event;
- an `event` frame is handed on only if it is one object naming a registered handler, with an
  object payload whose arguments fit the handler (`payloads.check_arguments`, also for Reflex's
  own handlers) and router data of the shape `state.js` sends; lone surrogates are repaired;
- client storage values a hydrate brings (`vars`) are kept only for client storage vars that
  exist, with a value of the var's type (any other would be set on the state unchecked);
- reports of frontend errors (logged by Reflex as errors) are limited to a few a minute;
- `ping` and `client_error` frames with extra arguments are answered as if they had none.

A refused frame is dropped quietly: one short log line, at most REFUSALS_PER_MINUTE a minute (the
rest are counted in the next line), never a traceback.
"""

from __future__ import annotations

import inspect
import logging
import time
from typing import Any

from reflex.istate.storage import ClientStorageBase
from reflex_base.constants.state import FIELD_MARKER
from reflex_base.registry import RegistrationContext
from reflex_base.utils.form import form_data_as_dict
from reflex_base.utils.format import sanitize_client_log_value

from tilerooms.reflex_ext.payloads import Refused, check_arguments, fits, wire_value

log = logging.getLogger(__name__)

REFUSALS_PER_MINUTE = 10
FRONTEND_ERRORS_PER_MINUTE = 20  # Reflex's own bound for its `client_error` reports
MALFORMED = object()  # what a frame that does not decode carries to the event handler
ROUTER_FIELDS = {"pathname": str, "asPath": str, "query": dict[str, str | list[str]]}
STORAGE_HANDLERS = ("hydrate_and_load", "update_vars_internal")  # Reflex handlers whose `vars` set client storage


class _Budget:
    """At most `per_minute` uses in a minute."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.window = 0.0
        self.used = 0

    def take(self) -> bool:
        """Use one if any is left this minute."""
        now = time.monotonic()
        if now - self.window >= 60:
            self.window, self.used = now, 0
        self.used += 1
        return self.used <= self.per_minute


class _RefusalLog:
    """One warning line per refused frame, at most `per_minute`; the rest are counted in the next."""

    def __init__(self, per_minute: int) -> None:
        self.budget = _Budget(per_minute)
        self.held = 0

    def note(self, what: str, reason: str) -> None:
        """Log (or count) one refused frame."""
        if not self.budget.take():
            self.held += 1
            return
        held, self.held = self.held, 0
        more = f" ({held} more refused since the last line)" if held else ""
        log.warning("refused %s from a client: %s%s", sanitize_client_log_value(what, 120), sanitize_client_log_value(reason, 120), more)


refusals = _RefusalLog(REFUSALS_PER_MINUTE)
frontend_errors = _Budget(FRONTEND_ERRORS_PER_MINUTE)


def checked_event(data: Any) -> dict[str, Any]:
    """The event frame `data` as Reflex may see it: the payload exactly as sent (form data still
    wrapped) but for client storage values of a hydrate that name no client storage var or have
    the wrong type (left out), and the router data with lone surrogates repaired.

    Raises:
        Refused: when no browser of ours sends such a frame (see the module docstring).
    """
    if data is MALFORMED:
        raise Refused("a frame that is not JSON")
    if not isinstance(data, dict):
        raise Refused("an event that is not an object")
    name = data.get("name")
    registered = RegistrationContext.get().event_handlers.get(name) if isinstance(name, str) else None
    if registered is None:
        raise Refused("an unknown event name")
    payload = data.get("payload", {})
    if not isinstance(payload, dict):
        raise Refused("a payload that is not an object")
    handler = registered.handler.fn
    if handler.__name__ in STORAGE_HANDLERS and isinstance(payload.get("vars"), dict):
        payload = {**payload, "vars": _known_storage(payload["vars"])}
    payload = wire_value(payload)
    router = wire_value(data.get("router_data", {}), repair=True)
    if not isinstance(router, dict) or not all(fits(router[k], kind) for k, kind in ROUTER_FIELDS.items() if k in router):
        raise Refused("router data of the wrong shape")
    try:
        arguments = {key: form_data_as_dict(value) for key, value in payload.items()}
    except (TypeError, ValueError) as err:
        raise Refused("form data of the wrong shape") from err
    check_arguments(handler, arguments)
    if handler.__name__ == "setvar":  # Reflex's setter by name: `set_<var_name>(value)` must take the value
        _check_setter(registered.states[0], arguments["var_name"], arguments["value"])
    elif handler.__name__ == "handle_frontend_exception" and not frontend_errors.take():
        raise Refused("too many frontend error reports")
    # other fields (an OpenTelemetry traceparent) are text or are left out
    extra = {key: value for key, value in data.items() if key not in ("name", "payload", "router_data") and isinstance(value, str)}
    return {**wire_value(extra, repair=True), "name": name, "payload": payload, "router_data": router}


def _check_setter(state_cls: Any, var_name: str, value: Any) -> None:
    setter = state_cls.event_handlers.get(f"set_{var_name}")
    parameters = list(inspect.signature(setter.fn).parameters)[1:2] if setter is not None else []
    if not parameters:
        raise Refused("setvar of a var without a setter")
    check_arguments(setter.fn, {parameters[0]: value})


def _known_storage(values: dict[str, Any]) -> dict[str, Any]:
    """The client storage values that name a client storage var of a state, with its type."""
    states = RegistrationContext.get().base_states
    kept = {}
    for key, value in values.items():
        state_name, _, var_name = key.rpartition(".")
        state_cls = states.get(state_name)
        field = state_cls.get_fields().get(var_name.removesuffix(FIELD_MARKER)) if state_cls is not None else None
        if field is not None and isinstance(field.default, ClientStorageBase) and fits(value, field.type_) and _plain(value):
            kept[key] = value
    return kept


def _plain(value: Any) -> bool:
    """Whether `value` holds nothing `wire_value` refuses."""
    try:
        wire_value(value)
    except Refused:
        return False
    return True


def guard(app: Any) -> None:
    """Put the front door on `app`'s websocket (call once, after `rx.App(...)`)."""
    server, namespace = app.sio, app.event_namespace
    if server is None or namespace is None or getattr(namespace, "_tilerooms_guarded", False):
        return
    server.packet_class = _tolerant(server.packet_class)
    _tolerant_engineio()
    on_event, on_ping, on_client_error = namespace.on_event, namespace.on_ping, namespace.on_client_error

    async def guarded_event(sid: str, *args: Any) -> None:
        data = args[0] if len(args) == 1 else MALFORMED
        try:
            event = checked_event(data)
        except Refused as refused:
            name = data.get("name") if isinstance(data, dict) else None
            refusals.note(f"event {name}" if isinstance(name, str) else "a frame", refused.reason)
            return
        await on_event(sid, event)

    async def guarded_ping(sid: str, *_: Any) -> None:
        await on_ping(sid)

    async def guarded_client_error(sid: str, data: Any = None, *_: Any) -> None:
        await on_client_error(sid, data)

    # python-socketio finds a namespace's handlers as `on_<event>` attributes of the instance
    namespace.on_event, namespace.on_ping, namespace.on_client_error = guarded_event, guarded_ping, guarded_client_error
    namespace._tilerooms_guarded = True


def _tolerant(packet_class: type) -> type:
    """A socket.io packet class (python-socketio's `serializer` extension point) whose received
    packets that do not decode, whose event name is not text, or whose type a browser never sends
    (binary, CONNECT_ERROR, unknown) arrive as an `event` carrying MALFORMED."""
    from socketio import packet

    if getattr(packet_class, "_tilerooms_tolerant", False):
        return packet_class

    class TolerantPacket(packet_class):  # type: ignore[misc, valid-type]
        _tilerooms_tolerant = True

        def __init__(self, *args: Any, encoded_packet: Any = None, **kwargs: Any) -> None:
            if encoded_packet is None:  # a packet the server sends
                super().__init__(*args, **kwargs)
                return
            try:
                super().__init__(*args, encoded_packet=encoded_packet, **kwargs)
            except (ValueError, TypeError, RecursionError):  # JSONDecodeError and the 4,300-digit limit are ValueErrors
                self.packet_type = None
            if self.packet_type in (packet.CONNECT, packet.DISCONNECT, packet.ACK) or (
                self.packet_type == packet.EVENT and isinstance(self.data, list) and self.data and isinstance(self.data[0], str)
            ):
                return
            self.packet_type, self.data, self.id = packet.EVENT, ["event", MALFORMED], None
            self.namespace = getattr(self, "namespace", None)
            self.attachment_count, self.attachments = 0, []

    return TolerantPacket


def _tolerant_engineio() -> None:
    """Make Engine.IO's packet class (which python-engineio looks up as `engineio.packet.Packet`
    for every frame it receives) read a frame it cannot decode, or of an unknown type, as a NOOP,
    which it ignores. Without this, a frame "x" escapes to the ASGI server as an exception and a
    frame "9" logs "Unknown receive error" with a traceback, as often as it is sent."""
    from engineio import packet

    if getattr(packet.Packet, "_tilerooms_tolerant", False):
        return

    class TolerantEngineIOPacket(packet.Packet):
        _tilerooms_tolerant = True

        def decode(self, encoded_packet: Any) -> None:
            try:
                super().decode(encoded_packet)
            except (ValueError, TypeError, IndexError):  # binascii.Error is a ValueError
                self.packet_type, self.data, self.binary = packet.NOOP, None, False
            if not isinstance(self.packet_type, int) or not 0 <= self.packet_type < len(packet.packet_names):
                self.packet_type, self.data, self.binary = packet.NOOP, None, False

    packet.Packet = TolerantEngineIOPacket
