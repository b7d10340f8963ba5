#!/usr/bin/env python3
"""docs/scenario.schema.json is a valid JSON Schema (draft 2020-12), accepts every scenario file
given on the command line, and refuses the edits the loader refuses (unknown keys, a wrong
stepper, a unit object without a unit). Usage: validate_schema.py SCHEMA FILE.json..."""
import copy
import json
import sys

import jsonschema


def main() -> int:
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = 0
    for path in sys.argv[2:]:
        document = json.load(open(path))
        for error in validator.iter_errors(document):
            print(f"{path}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
            failures += 1
        # Edits the schema must refuse, as the loader does.
        edits = [
            lambda d: d.__setitem__("vehicle", []),
            lambda d: d["vehicles"][0]["hub"].__setitem__("masss", 1),
            lambda d: d["propagation"].__setitem__("stepper", "rk5"),
            lambda d: d["vehicles"][0]["hub"].__setitem__("mass", {"value": 1}),
        ]
        if "hub_translation" in document["vehicles"][0]:  # an unknown translation
            edits.append(lambda d: d["vehicles"][0].__setitem__("hub_translation", "D"))
        if "flight_software" in document:  # a task's unknown key, an unknown guidance
            edits += [
                lambda d: d["flight_software"]["tasks"][0]["control"].__setitem__("KK", 1),
                lambda d: d["flight_software"]["tasks"][0]["guidance"].__setitem__("type", "sun"),
            ]
        # Every stepper of the library is accepted (the implicit ones were missing once).
        for stepper in ("implicit_euler", "rosenbrock4", "bulirsch_stoer"):
            edited = copy.deepcopy(document)
            edited["propagation"]["stepper"] = stepper
            if not validator.is_valid(edited):
                print(f"{path}: the stepper {stepper} was refused by the schema")
                failures += 1
        # Inputs by channel name (docs/scenario.md §3 Inputs) are accepted beside the effector form,
        # and a channel without its value is refused.
        channel = {"t": 0, "channel": "sc/wheels.motor_torque[0]", "value": {"value": 1, "unit": "mN m"}}
        with_channels = copy.deepcopy(document)
        with_channels["inputs"] = with_channels.get("inputs", []) + [channel]
        for error in validator.iter_errors(with_channels):
            print(f"{path} with a channel input: {'/'.join(map(str, error.absolute_path))}: {error.message}")
            failures += 1
        edits.append(lambda d: d.__setitem__("inputs", [{"t": 0, "channel": "sc/thr.throttle"}]))
        for k, edit in enumerate(edits):
            bad = copy.deepcopy(document)
            edit(bad)
            if validator.is_valid(bad):
                print(f"{path}: edit {k} was accepted by the schema")
                failures += 1
    print(f"{len(sys.argv) - 2} file(s), {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
