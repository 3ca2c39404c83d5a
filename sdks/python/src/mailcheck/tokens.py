"""The offline check of a verification token (what a publishable key's answer carries and a sign-up form posts):
a compact JWS signed with Ed25519 by one of the service's keys (GET /v1/verify/token/keys, a JSON Web Key Set).
Same rules and codes as POST /v1/verify/token, with no call: docs/sign-up-forms.md. Needs the `cryptography`
package: pip install 'mailcheck[tokens]'."""
from __future__ import annotations

import base64
import binascii
import json
import re
import time
import unicodedata
from typing import Any, Dict, Mapping, Optional, Sequence

TOKEN_TYPE = "mailcheck-verification+jws"
_PART = re.compile(r"^[A-Za-z0-9_-]+$")
_PUBLISHABLE = re.compile(r"^mck_pub_([0-9a-f]+)_")


class VerificationTokenError(Exception):
    """A refused token, with the service's code: 1121 invalid or forged, 1122 expired, 1123 another account's
    or publishable key's, 1124 another address."""

    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code


def canonical_token_address(email: str) -> str:
    """The address as tokens bind it: trimmed, in Unicode NFC, lower case."""
    return unicodedata.normalize("NFC", email.strip()).lower()


def verify_verification_token(
    token: str,
    email: str,
    keys: Sequence[Mapping[str, Any]],
    publishable_keys: Optional[Sequence[str]] = None,
    account_id: Optional[str] = None,
    now: Optional[float] = None,
) -> Dict[str, Any]:
    """Checks a token offline and returns its claims (jti, acc, key, email, result, subResult, iat, exp).

    `email`: the address the form submitted; `keys`: the service's token keys (client.tokens.keys()["keys"]),
    kept by your back end; `publishable_keys` (your mck_pub_ keys or their ids) or `account_id`: whose tokens
    to accept, so another site's never pass for yours (one is required). Raises VerificationTokenError.
    """
    try:
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise ImportError("the offline token check needs cryptography: pip install 'mailcheck[tokens]'") from error
    if not publishable_keys and account_id is None:
        raise TypeError("verify_verification_token needs publishable_keys or account_id: whose tokens to accept")
    parts = token.split(".") if isinstance(token, str) else []
    if len(parts) != 3 or not all(_PART.match(part) for part in parts):
        raise VerificationTokenError(1121, "verification token is not three base64url parts")
    header = _decode(parts[0])
    if not header or header.get("alg") != "EdDSA" or header.get("typ") != TOKEN_TYPE:
        raise VerificationTokenError(1121, "not a verification token")
    jwk = next((key for key in keys if key.get("kid") == header.get("kid") and key.get("kty") == "OKP" and key.get("crv") == "Ed25519"), None)
    if jwk is None:
        raise VerificationTokenError(1121, "verification token signed by a key not in `keys` (fetch them again after a rotation)")
    try:
        public_key = Ed25519PublicKey.from_public_bytes(_b64(jwk["x"]))
        public_key.verify(_b64(parts[2]), ("%s.%s" % (parts[0], parts[1])).encode("ascii"))
    except (InvalidSignature, ValueError):
        raise VerificationTokenError(1121, "verification token signature does not match its content") from None
    claims = _decode(parts[1])
    if not claims or not isinstance(claims.get("exp"), (int, float)) or not isinstance(claims.get("email"), str):
        raise VerificationTokenError(1121, "verification token carries no claims")
    if (time.time() if now is None else now) >= claims["exp"]:
        raise VerificationTokenError(1122, "verification token expired")
    if account_id is not None and claims.get("acc") != account_id:
        raise VerificationTokenError(1123, "verification token of another account")
    if publishable_keys and claims.get("key") not in [_key_id(key) for key in publishable_keys]:
        raise VerificationTokenError(1123, "verification token of another publishable key")
    if canonical_token_address(email) != claims["email"]:
        raise VerificationTokenError(1124, "verification token for another address")
    return claims


def _key_id(key: str) -> str:
    match = _PUBLISHABLE.match(key)
    return match.group(1) if match else key


def _b64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _decode(part: str) -> Optional[Dict[str, Any]]:
    try:
        value = json.loads(_b64(part).decode("utf-8"))
    except (ValueError, UnicodeDecodeError, binascii.Error):
        return None
    return value if isinstance(value, dict) else None
