"""Schemathesis hooks for Castbook's API tier (gateway/test/schemathesis.api.test.ts).

Test data the OpenAPI documents cannot carry, filled in on positive cases only (a negative case is
left as generated, so what it gets wrong stays wrong):
- the signed-in test user's own id (update-profile, update-password) and password;
- confirmPassword equal to password (a rule between two fields, which JSON Schema cannot say);
- every other login with the test user's credentials, and the reset token its mail carried;
- billing: PUT /api/subscriptions keeps the test user on Pro (a downgrade would leave the other
  services' operations to a Free user's limits), and checkouts are started by a Free user (the test
  user has paid, and a paid user's checkout is a 409).
Every answer is recorded (operation and status) so the test can say which operations answered 2xx.
"""

import itertools
import json
import os

import schemathesis

USER_ID = os.environ["CASTBOOK_USER_ID"]
EMAIL = os.environ["CASTBOOK_EMAIL"]
PASSWORD = os.environ["CASTBOOK_PASSWORD"]
RESET_TOKEN = os.environ.get("CASTBOOK_RESET_TOKEN", "")
FREE_TOKEN = os.environ.get("CASTBOOK_FREE_TOKEN", "")
ANSWERS = os.environ["CASTBOOK_ANSWERS"]
_logins = itertools.count()


def _name(operation):
    return f"{operation.method.upper()} {operation.path}"


def _positive(case):
    generation = getattr(getattr(case, "meta", None), "generation", None)
    mode = getattr(generation, "mode", None)
    return mode is None or str(getattr(mode, "value", mode)).lower() == "positive"


def _plain(value):
    if value is None or isinstance(value, (str, int, float, bool)):
        return True
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(_plain(v) for v in value.values())
    return False


def _set(body, key, value):
    if isinstance(body.get(key), str):
        body[key] = value


@schemathesis.hook
def map_case(context, case):
    if _positive(case) and FREE_TOKEN and _name(case.operation) == "POST /api/subscriptions/checkout":
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {FREE_TOKEN}"}
    if not isinstance(case.body, dict) or not _positive(case):
        return case
    # A body with a file (bytes, or Schemathesis' binary wrapper) is left alone: Schemathesis re-checks a changed body against the
    # schema, a file does not pass that check, and the case would then count as a negative one.
    if not all(_plain(v) for v in case.body.values()):
        return case
    name = _name(case.operation)
    body = dict(case.body)
    if name in ("POST /api/auth/update-password", "POST /api/users/update-profile"):
        _set(body, "id", USER_ID)
    if name == "POST /api/auth/update-password":
        # The same password again: the test user keeps signing in with it.
        _set(body, "currentPassword", PASSWORD)
        _set(body, "newPassword", PASSWORD)
    if name == "POST /api/auth/register" and isinstance(body.get("password"), str):
        body["confirmPassword"] = body["password"]
    if name == "POST /api/auth/login" and next(_logins) % 2 == 0:
        _set(body, "email", EMAIL)
        _set(body, "password", PASSWORD)
    if name == "POST /api/auth/reset-password/confirm" and RESET_TOKEN:
        _set(body, "token", RESET_TOKEN)
        _set(body, "newPassword", PASSWORD)
    if name == "PUT /api/subscriptions":
        _set(body, "tier", "pro")
    if body != case.body:
        case.body = body
    return case


@schemathesis.hook
def after_call(context, case, response):
    with open(ANSWERS, "a", encoding="utf-8") as out:
        out.write(json.dumps({"operation": _name(case.operation), "status": response.status_code}) + "\n")
