"""The simulated Atari 800XL: memory, screen, devices, controllers, sound and RND."""

from atari.errors import DeviceError, InputExhausted, NotSimulated, ValueOutOfRange
from .inputs import RandomSource, ScriptedJoystick, ScriptedKeys
from .machine import Machine

__all__ = ["DeviceError", "InputExhausted", "Machine", "NotSimulated", "RandomSource",
           "ScriptedJoystick", "ScriptedKeys", "ValueOutOfRange"]
