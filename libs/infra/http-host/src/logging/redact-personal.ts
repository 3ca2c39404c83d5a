/**
 * Personal data in a log line, wherever it comes from (a request URL `?email=…`, a message, a field): the
 * customers' lists are personal data and logs are kept, shipped and read far more widely than the stores
 * (docs/personal-data.md, Logs). Addresses by their shape (also URL-encoded), names and domains of people
 * by the parameter or field that carries them.
 */
const ADDRESS = /[A-Za-z0-9._%+'-]+(?:@|%40)(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}/g;

/** Query, form and JSON names whose values are a person's (or an address list's) data. */
const PERSONAL_NAME = String.raw`(?:e?mails?|firstName|lastName|fullName|first_name|last_name|full_name|name|company|domain)`;

const RULES: Array<[RegExp, string]> = [
  [ADDRESS, '[address]'],
  // name=value in a URL query or a form body.
  [new RegExp(String.raw`((?:[?&;]|^)${PERSONAL_NAME}=)([^&;\s"#\\]+)`, 'g'), '$1[REDACTED]'],
  // "name":"value" in a JSON line, and \"name\":\"value\" in JSON text inside a string field.
  [new RegExp(String.raw`("${PERSONAL_NAME}"\s*:\s*")((?:[^"\\]|\\.)*)"`, 'g'), '$1[REDACTED]"'],
  [new RegExp(String.raw`(\\"${PERSONAL_NAME}\\"\s*:\s*\\")((?:(?!\\").)*)\\"`, 'g'), '$1[REDACTED]\\"'],
];

/** The text with every address, and every value of a personal field or parameter, replaced. */
export function redactPersonal(text: string): string {
  return RULES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}
