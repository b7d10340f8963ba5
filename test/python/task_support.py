"""A flight-software task from a function, for the suites whose tasks differ only in what their
update does (imported by the suites; its source is also run in test_hostile.py's child interpreters)."""

import ramus


class FunctionTask(ramus.Task):
    """The task `name` of vehicle "sc", called every `period` seconds, writing the actuator channels
    `outputs`; each call is update(t, x, commands) on the arrays the library lends."""

    def __init__(self, name, period, outputs, update):
        super().__init__(name, "sc", period=period)
        self._outputs = list(outputs)
        self._update = update

    def outputs(self):
        return self._outputs

    def update(self, t, x, commands):
        self._update(t, x, commands)
