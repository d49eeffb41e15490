"""Exceptions the simulated machine raises towards the interpreter and the front-ends."""


class DeviceError(Exception):
    """A CIO device error; `code` is the Atari error number (130, 133, 136, 141, ...)."""

    def __init__(self, code, message=""):
        super().__init__(message or f"device error {code}")
        self.code = code


class InputExhausted(Exception):
    """A scripted run has no more input for a device the program is waiting on."""


class NotSimulated(Exception):
    """The program needs hardware (or a device or mode) this machine does not simulate."""

    def __init__(self, feature, detail=""):
        message = f"{feature} is not simulated"
        if detail:
            message += f" ({detail})"
        super().__init__(message)
        self.feature = feature


class ValueOutOfRange(DeviceError):
    """An argument outside what the statement accepts (BASIC's ERROR 3, "value error")."""

    def __init__(self, what):
        super().__init__(3, f"{what} out of range")
