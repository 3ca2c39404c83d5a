/**
 * Names whose values are credentials wherever they appear: a query or form parameter, a JSON field, a
 * header. Matched as the end of the name, so `X-API-KEY`, `api_key`, `resetToken` and `mc_session` all
 * count; redacting a harmless `monkey=` now and then is the price of never missing a real one.
 */
const SECRET_NAME = String.raw`[\w.-]*?(?:key|token|secret|password|passwd|pwd|session|sessionid|sid|signature|authorization|cookie|csrf)`;

const RULES: Array<[RegExp, string]> = [
  // "name":"value" in a JSON line, and \"name\":\"value\" in JSON text inside a string field.
  [new RegExp(String.raw`("${SECRET_NAME}"\s*:\s*")((?:[^"\\]|\\.)*)"`, 'gi'), '$1[REDACTED]"'],
  [new RegExp(String.raw`(\\"${SECRET_NAME}\\"\s*:\s*\\")((?:(?!\\").)*)\\"`, 'gi'), '$1[REDACTED]\\"'],
  // name=value in a URL query, a form body or a cookie header.
  [new RegExp(String.raw`((?:^|[?&;,\s"])${SECRET_NAME}=)([^&;,\s"#\\]+)`, 'gi'), '$1[REDACTED]'],
  // Known credential shapes wherever they are: an API key keeps its public key id, never its secret.
  [/\b((?:mk|mck_test|mck_pub)_[0-9a-f]{16}_)[A-Za-z0-9_-]+/g, '$1[REDACTED]'],
  [/\bwhsec_[0-9a-f]+/g, 'whsec_[REDACTED]'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [REDACTED]'],
];

/** The text with every credential it carries replaced by [REDACTED]; applied to every log line. */
export function redactSecrets(text: string): string {
  return RULES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}
