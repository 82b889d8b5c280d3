#!/usr/bin/env python3
"""Check the JSON Schemas against the files and examples they must accept and reject.

For workouts/schema.json (workout files), docs/config.schema.json (the config file) and
docs/plan.schema.json (the week plan):

  1. the schema itself is a valid draft 2020-12 schema;
  2. every shipped workout (workouts/*.json but schema.json) is accepted;
  3. every scripts/schema-examples/KIND/valid/*.json is accepted;
  4. every scripts/schema-examples/KIND/invalid/*.json is rejected;
  5. every editor snippet (defaultSnippets) of the workout schema, its placeholders filled with
     their defaults, is accepted: a step's snippets as a workout's one step, the top-level ones
     as a workout; and the snippets offer a work phase, a repeat, a circuit and a rep step.

Prints one line per file and a summary line `schema: N passed, M failed`;
exits 1 if anything failed. Needs the `jsonschema` package (pip install jsonschema).

Usage: python3 scripts/check-schema.py
"""

import json
import re
import sys
from pathlib import Path

try:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError, relevance
except ImportError:
    sys.exit("check-schema: the jsonschema package is needed: pip install jsonschema")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scripts" / "schema-examples"
WORKOUT_SCHEMA = ROOT / "workouts" / "schema.json"
# Each schema, the files beside the examples that it must accept, and its examples' folder.
SCHEMAS = [
    (WORKOUT_SCHEMA, [p for p in sorted((ROOT / "workouts").glob("*.json")) if p != WORKOUT_SCHEMA], EXAMPLES / "workout"),
    (ROOT / "docs" / "config.schema.json", [], EXAMPLES / "config"),
    (ROOT / "docs" / "plan.schema.json", [], EXAMPLES / "plan"),
]


def rel(path):
    return path.relative_to(ROOT).as_posix()


def weight(error):
    """How far off a branch is: one per unknown key, one per other problem."""
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {})
        return max(1, sum(1 for key in error.instance if key not in known))
    return 1


def narrow(error):
    """The most telling error under a oneOf/anyOf failure.

    A step that matches no step kind fails as a whole; the kind that was
    meant is the branch of the right type with the fewest complaints, each
    unknown key counting as one (ties: fewer unknown keys, the deepest, the
    first). An unknown key there is the likeliest mistake (a typo), so it
    is reported first.
    """
    while error.context:
        branches = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        errors = min(
            branches.values(),
            key=lambda errs: (
                any(e.validator == "type" and not e.relative_path for e in errs),
                sum(weight(e) for e in errs),
                sum(weight(e) for e in errs if e.validator == "additionalProperties"),
                -max(len(e.absolute_path) for e in errs),
            ),
        )
        unknown = [e for e in errors if e.validator == "additionalProperties"]
        error = min(unknown or errors, key=relevance)
    return error


def first_error(validator, instance):
    """The most relevant error, or None if the instance is valid."""
    return min(validator.iter_errors(instance), key=relevance, default=None)


def describe(error):
    """One line: where the error is and what it says."""
    error = narrow(error)
    where = error.json_path
    message = error.message
    if error.validator == "pattern":
        message = f"{error.instance!r} does not match the pattern"
    if len(message) > 160:
        message = message[:157] + "..."
    return f"at {where}: {message}"


def load(path):
    """The parsed file, or raise ValueError with a one-line reason."""
    try:
        with path.open(encoding="utf-8") as f:
            return json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"cannot read: {e}") from e


def filled(body):
    """A snippet's body with each ${N:default} replaced by its default; "^" marks a raw number."""
    if isinstance(body, dict):
        return {key: filled(value) for key, value in body.items()}
    if isinstance(body, list):
        return [filled(value) for value in body]
    if isinstance(body, str):
        text = re.sub(r"\$\{\d+:([^}]*)\}", r"\1", body)
        return json.loads(text[1:]) if text.startswith("^") else text
    return body


def snippet_instances(schema):
    """(label, workout) for every snippet: a step's inside a one-step workout, the others as they are."""
    for snippet in schema.get("$defs", {}).get("step", {}).get("defaultSnippets", []):
        yield snippet["label"], {"name": "Snippet", "steps": [filled(snippet["body"])]}
    for snippet in schema.get("defaultSnippets", []):
        yield snippet["label"], filled(snippet["body"])


def main():
    passed = failed = 0

    def ok(path, note=""):
        nonlocal passed
        passed += 1
        print(f"ok   {rel(path)}" + (f" ({note})" if note else ""))

    def fail(path, reason):
        nonlocal failed
        failed += 1
        print(f"FAIL {rel(path)}: {reason}")

    for schema_path, shipped, examples in SCHEMAS:
        try:
            schema = load(schema_path)
            Draft202012Validator.check_schema(schema)
        except ValueError as e:
            fail(schema_path, str(e))
            continue
        except SchemaError as e:
            fail(schema_path, f"not a valid draft 2020-12 schema: {describe(e)}")
            continue
        ok(schema_path, "valid draft 2020-12 schema")
        validator = Draft202012Validator(schema)

        should_pass = shipped + sorted((examples / "valid").glob("*.json"))
        should_fail = sorted((examples / "invalid").glob("*.json"))
        if not should_pass or not should_fail:
            fail(examples, "no examples found")

        for path in should_pass:
            try:
                instance = load(path)
            except ValueError as e:
                fail(path, str(e))
                continue
            error = first_error(validator, instance)
            if error is None:
                ok(path)
            else:
                fail(path, describe(error))

        for path in should_fail:
            try:
                instance = load(path)
            except ValueError as e:
                # An invalid example must be valid JSON, or it tests nothing.
                fail(path, str(e))
                continue
            error = first_error(validator, instance)
            if error is None:
                fail(path, "accepted, but it must be rejected")
            else:
                ok(path, f"rejected {describe(error)}")

        if schema_path == WORKOUT_SCHEMA:
            labels = []
            for label, instance in snippet_instances(schema):
                labels.append(label)
                error = first_error(validator, instance)
                if error is None:
                    ok(schema_path, f"snippet '{label}' accepted")
                else:
                    fail(schema_path, f"snippet '{label}': {describe(error)}")
            missing = {"work phase", "repeat", "circuit", "rep step"} - set(labels)
            if missing:
                fail(schema_path, f"no snippet for {', '.join(sorted(missing))}")

    print(f"schema: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
