"""Raw pygame events become virtual buttons per player before any scene sees them.

Mouse, keyboard and gamepads are one code path: a scene receives `Action`s such as
CONFIRM or ROTATE, each tagged with the device it came from and, for gamepads in a
two-pad hotseat, the player that pad belongs to. Gamepads go through SDL's
game-controller API and are tracked by instance id, so plugging and unplugging at
any time is safe; an unplugged pad becomes a PAD_LOST action (the game pauses).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace
from enum import StrEnum

import pygame

from isaac_game.rules import Player

try:  # the controller module is part of pygame-ce, but stay alive without it
    from pygame._sdl2 import controller as sdl_controller

    HAVE_CONTROLLER = True
except ImportError:  # pragma: no cover
    HAVE_CONTROLLER = False


class Button(StrEnum):
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    CONFIRM = "confirm"
    BACK = "back"
    PAUSE = "pause"
    ROTATE = "rotate"
    HINT = "hint"  # ask for the move Hard would play (H, pad Y)
    CHAT = "chat"  # open the chat line in a LAN game (T)
    MOVES = "moves"  # the move list takes the arrow keys, or shows (L, pad right stick press)
    TEXT = "text"  # typed characters (SDL text input); text = what was typed
    #: an input method's text being composed, not typed yet; text = all of it ("" none)
    COMPOSE = "compose"
    NEXT = "next"  # next piece / next move (Tab, E, right shoulder)
    PREV = "prev"
    FIRST = "first"  # Home
    LAST = "last"  # End
    DIGIT = "digit"  # value = the digit typed
    UNDO = "undo"
    REDO = "redo"
    FULLSCREEN = "fullscreen"
    FLIP = "flip"  # turn the board half round (F)
    LEVELS = "levels"  # FOUNDATIONS: peel the top level away (V, pad left stick press)
    POINT = "point"  # pointer moved; pos
    CLICK = "click"  # left button; pos
    RELEASE = "release"  # left button let go; pos (ends a drag)
    ALT_CLICK = "alt_click"  # right button; pos
    WHEEL = "wheel"  # value = +1 / -1
    PAD_LOST = "pad_lost"
    ANY = "any"  # a key or pad button with no job: only "press any key" screens care
    QUIT = "quit"


#: An arrow's way on the screen, (right, up): the same whichever side the board faces.
ARROWS: dict[Button, tuple[int, int]] = {
    Button.RIGHT: (1, 0),
    Button.LEFT: (-1, 0),
    Button.UP: (0, 1),
    Button.DOWN: (0, -1),
}


@dataclass(frozen=True)
class Action:
    button: Button
    device: str = "keyboard"  # "keyboard", "mouse" or "pad"
    pad: int | None = None  # the pad's instance id
    player: Player | None = None  # None: any local player may use it
    pos: tuple[int, int] | None = None
    value: int = 0
    key: int = 0  # the pygame key of a keyboard action (text fields need it)
    text: str = ""  # TEXT: the characters typed
    #: keyboard: the key press's number (they count up from 1); TEXT: the number of the
    #: printable key press it is the text of (SDL sends it right after the KEYDOWN), 0
    #: for text of no key press (an input method's); a field skips the text of the key
    #: that opened it
    press: int = 0

    def allowed_for(self, player: Player | None) -> bool:
        """May this input act for `player`? (a pad owned by the other player may not)"""
        return self.player is None or player is None or self.player == player


_KEYS = {
    pygame.K_UP: Button.UP,
    pygame.K_DOWN: Button.DOWN,
    pygame.K_LEFT: Button.LEFT,
    pygame.K_RIGHT: Button.RIGHT,
    pygame.K_w: Button.UP,
    pygame.K_s: Button.DOWN,
    pygame.K_a: Button.LEFT,
    pygame.K_d: Button.RIGHT,
    pygame.K_RETURN: Button.CONFIRM,
    pygame.K_KP_ENTER: Button.CONFIRM,
    pygame.K_SPACE: Button.CONFIRM,
    pygame.K_ESCAPE: Button.BACK,
    pygame.K_BACKSPACE: Button.BACK,
    pygame.K_p: Button.PAUSE,
    pygame.K_r: Button.ROTATE,
    pygame.K_h: Button.HINT,
    pygame.K_t: Button.CHAT,
    pygame.K_l: Button.MOVES,
    pygame.K_TAB: Button.NEXT,
    pygame.K_e: Button.NEXT,
    pygame.K_q: Button.PREV,
    pygame.K_PAGEDOWN: Button.NEXT,
    pygame.K_PAGEUP: Button.PREV,
    pygame.K_HOME: Button.FIRST,
    pygame.K_END: Button.LAST,
    pygame.K_F11: Button.FULLSCREEN,
    pygame.K_f: Button.FLIP,
    pygame.K_v: Button.LEVELS,
}

_PAD = {
    pygame.CONTROLLER_BUTTON_A: Button.CONFIRM,
    pygame.CONTROLLER_BUTTON_B: Button.BACK,
    pygame.CONTROLLER_BUTTON_X: Button.ROTATE,
    pygame.CONTROLLER_BUTTON_Y: Button.HINT,
    pygame.CONTROLLER_BUTTON_START: Button.PAUSE,
    pygame.CONTROLLER_BUTTON_BACK: Button.BACK,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Button.PREV,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Button.NEXT,
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: Button.MOVES,
    pygame.CONTROLLER_BUTTON_LEFTSTICK: Button.LEVELS,
    pygame.CONTROLLER_BUTTON_DPAD_UP: Button.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Button.DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Button.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Button.RIGHT,
}

STICK_ON, STICK_OFF = 0.6, 0.3  # of full deflection; hysteresis avoids chatter


class InputMapper:
    """Turns each pygame event into zero or more Actions; tracks gamepads."""

    def __init__(self) -> None:
        # instance id -> Controller (or None: virtual)
        self._pads: dict[int, sdl_controller.Controller | None] = {}
        self._order: list[int] = []  # instance ids in the order they joined
        self._stick: dict[tuple[int, int], int] = {}  # (pad, axis) -> -1/0/+1
        self.last_device = "mouse"
        self.presses = 0  # key presses so far: the last one's number
        self._text_of = 0  # the printable key press whose TEXT is still to come
        # keys are the game's until a text field asks for text (`lan.fields.TextField`):
        # SDL starts with text input on, and an input method would take them
        with contextlib.suppress(pygame.error):
            pygame.key.stop_text_input()
        if HAVE_CONTROLLER:
            with contextlib.suppress(pygame.error):
                sdl_controller.init()

    # ----- pads ----------------------------------------------------------------

    @property
    def pads(self) -> list[int]:
        return list(self._order)

    def pad_player(self, instance_id: int) -> Player | None:
        """With two or more pads, the first takes Dark and the second Light."""
        if len(self._order) < 2 or instance_id not in self._order:
            return None
        index = self._order.index(instance_id)
        return (Player.DARK, Player.LIGHT)[index] if index < 2 else None

    def _add_pad(self, device_index: int) -> None:
        if not HAVE_CONTROLLER:
            return
        try:
            pad = sdl_controller.Controller(device_index)
            instance_id = pad.as_joystick().get_instance_id()
        except (pygame.error, AttributeError, ValueError):
            return
        self._know(instance_id, pad)

    def _know(self, instance_id: int, pad: sdl_controller.Controller | None = None) -> None:
        if instance_id not in self._pads:
            self._order.append(instance_id)
        self._pads[instance_id] = pad

    def _remove_pad(self, instance_id: int) -> bool:
        known = instance_id in self._pads
        pad = self._pads.pop(instance_id, None)
        if instance_id in self._order:
            self._order.remove(instance_id)
        if pad is not None:
            with contextlib.suppress(pygame.error, AttributeError):
                pad.quit()
        return known

    # ----- events ----------------------------------------------------------------

    def translate(self, event: pygame.event.Event) -> list[Action]:
        kind = event.type
        if kind == pygame.QUIT:
            return [Action(Button.QUIT)]
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if kind == pygame.TEXTINPUT:
            press, self._text_of = self._text_of, 0
            return [Action(Button.TEXT, text=event.text, press=press)] if event.text else []
        if kind == pygame.TEXTEDITING:
            self._text_of = 0  # what the input method commits is no one key's text
            return [Action(Button.COMPOSE, text=event.text)]
        if kind == pygame.MOUSEMOTION:
            self.last_device = "mouse"
            return [Action(Button.POINT, "mouse", pos=tuple(event.pos))]
        if kind == pygame.MOUSEBUTTONDOWN:
            self.last_device = "mouse"
            if event.button == 1:
                return [Action(Button.CLICK, "mouse", pos=tuple(event.pos))]
            if event.button == 3:
                return [Action(Button.ALT_CLICK, "mouse", pos=tuple(event.pos))]
            return []
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            return [Action(Button.RELEASE, "mouse", pos=tuple(event.pos))]
        if kind == pygame.MOUSEWHEEL:
            self.last_device = "mouse"
            step = 1 if event.y > 0 else -1 if event.y < 0 else 0
            return [Action(Button.WHEEL, "mouse", value=step)] if step else []
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._add_pad(event.device_index)
            return []
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            iid = event.instance_id
            player = self.pad_player(iid)
            if self._remove_pad(iid):
                return [Action(Button.PAD_LOST, "pad", pad=iid, player=player)]
            return []
        if kind == pygame.CONTROLLERBUTTONDOWN:
            iid = event.instance_id
            self._know(iid, self._pads.get(iid))
            self.last_device = "pad"
            button = _PAD.get(event.button, Button.ANY)
            return [Action(button, "pad", pad=iid, player=self.pad_player(iid))]
        if kind == pygame.CONTROLLERAXISMOTION:
            return self._axis(event)
        return []

    def _key(self, event: pygame.event.Event) -> list[Action]:
        self.last_device = "keyboard"
        self.presses += 1
        typed = getattr(event, "unicode", "")
        self._text_of = self.presses if typed and typed.isprintable() else 0
        return [replace(a, press=self.presses) for a in self._key_actions(event)]

    def _key_actions(self, event: pygame.event.Event) -> list[Action]:
        mods = event.mod
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if event.key == pygame.K_RETURN and mods & pygame.KMOD_ALT:
            return [Action(Button.FULLSCREEN)]
        if ctrl and event.key == pygame.K_z:
            return [Action(Button.REDO if mods & pygame.KMOD_SHIFT else Button.UNDO)]
        if ctrl and event.key == pygame.K_y:
            return [Action(Button.REDO)]
        if ctrl:
            return [Action(Button.ANY)]
        if event.key == pygame.K_TAB and mods & pygame.KMOD_SHIFT:
            return [Action(Button.PREV)]
        if pygame.K_0 <= event.key <= pygame.K_9:
            return [Action(Button.DIGIT, value=event.key - pygame.K_0)]
        if pygame.K_KP1 <= event.key <= pygame.K_KP9:
            return [Action(Button.DIGIT, value=event.key - pygame.K_KP1 + 1)]
        return [Action(_KEYS.get(event.key, Button.ANY), key=event.key)]

    def _axis(self, event: pygame.event.Event) -> list[Action]:
        iid, axis = event.instance_id, event.axis
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        self._know(iid, self._pads.get(iid))
        value = event.value / 32767
        key = (iid, axis)
        old = self._stick.get(key, 0)
        new = old
        if abs(value) >= STICK_ON:
            new = 1 if value > 0 else -1
        elif abs(value) <= STICK_OFF:
            new = 0
        self._stick[key] = new
        if new == old or new == 0:
            return []
        self.last_device = "pad"
        if axis == pygame.CONTROLLER_AXIS_LEFTX:
            button = Button.RIGHT if new > 0 else Button.LEFT
        else:
            button = Button.DOWN if new > 0 else Button.UP
        return [Action(button, "pad", pad=iid, player=self.pad_player(iid))]

    def close(self) -> None:
        for iid in list(self._pads):
            self._remove_pad(iid)
