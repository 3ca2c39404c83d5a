import {
  BAD_FIELD_VALUES,
  BAD_HEADER_VALUES,
  BAD_JSON_BODIES,
  BAD_MULTIPART_BODIES,
  BAD_MULTIPART_FIELD_VALUES,
  BAD_PATH_IDS,
  BAD_QUERY_VALUES,
  EXTRA_FIELD_BODIES,
  GARBLED_CREDENTIALS,
  MALFORMED_MULTIPART,
  MultipartPart,
  OVERSIZED_HEADER,
  UNUSABLE_CSV,
  WRONG_CONTENT_TYPES,
} from './bad-inputs';
import type { Operation } from './openapi-operations';
import type { Probe } from './raw-http';

export interface Credentials {
  apiKey: string;
  adminToken: string;
  /** A signed-in dashboard session: its cookie value and its CSRF token. */
  session: { token: string; csrf: string };
}

const sessionCookie = (token: string, csrf: string): string => `mc_session=${token}; mc_csrf=${csrf}`;

/**
 * Values that make a request otherwise acceptable, so only the part under test is wrong. They are
 * chosen to cost nothing when accepted: the address answers `unknown` on the loopback peers, the
 * finder's domain has no mail server, the webhook URL is a literal address (no DNS).
 */
export const SAMPLE_VALUES: Record<string, unknown> = {
  email: 'someone@blocked.test',
  emails: ['someone@blocked.test'],
  contacts: [{ firstName: 'Ada', lastName: 'Lovelace', domain: 'nomail.test' }],
  firstName: 'Ada',
  domain: 'nomail.test',
  url: 'https://127.0.0.1/hooks/robustness',
};

/** Path ids that are well-formed but name nothing, so a request that passes validation changes nothing. */
const UNKNOWN_ID = '1';

type Battery = (operation: Operation, credentials: Credentials) => Probe[];

const BOUNDARY = 'robustness-boundary-7d1f';

function multipart(parts: MultipartPart[]): Buffer {
  const chunks = parts.map((part) =>
    'file' in part
      ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\nContent-Type: text/csv\r\n\r\n${part.file}\r\n`
      : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`,
  );
  return Buffer.from(`${chunks.join('')}--${BOUNDARY}--\r\n`, 'utf8');
}

const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function credentialHeaders(operation: Operation, credentials: Credentials): Record<string, string> {
  if (operation.auth === 'session')
    return {
      cookie: sessionCookie(credentials.session.token, credentials.session.csrf),
      'x-csrf-token': credentials.session.csrf,
    };
  return operation.auth === 'admin'
    ? { authorization: `Bearer ${credentials.adminToken}` }
    : { 'x-api-key': credentials.apiKey };
}

/**
 * The documented required fields, from SAMPLE_VALUES or the document's examples, plus the optional
 * fields SAMPLE_VALUES holds a value for: a rule over several optional fields (a finder contact needs
 * a domain and at least one of firstName and lastName) is met by the sample's firstName.
 */
export function sampleBody(operation: Operation): Record<string, unknown> {
  const body = operation.body!;
  const known = body.fields.filter((field) => !body.required.includes(field) && field in SAMPLE_VALUES);
  return Object.fromEntries(
    [...body.required, ...known].map((field) => [field, SAMPLE_VALUES[field] ?? body.examples[field] ?? 'x']),
  );
}

function fillPath(operation: Operation, values: Record<string, string> = {}): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? UNKNOWN_ID);
}

function query(operation: Operation, values: Record<string, string> = {}): string {
  const required = Object.fromEntries(
    operation.requiredQueryParams.map((name) => [name, encodeURIComponent(String(SAMPLE_VALUES[name] ?? 'x'))]),
  );
  const entries = Object.entries({ ...required, ...values });
  return entries.length ? `?${entries.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&')}` : '';
}

/** A request that would be accepted, but for whatever the battery then changes. */
function baseline(operation: Operation, credentials: Credentials, label: string): Probe {
  const probe: Probe = {
    operation: operation.id,
    label,
    method: operation.method,
    path: fillPath(operation) + query(operation),
    headers: credentialHeaders(operation, credentials),
  };
  if (operation.body?.mediaType === 'json') return withJson(probe, sampleBody(operation));
  if (operation.body?.mediaType === 'multipart')
    return withMultipart(probe, [{ field: 'file', file: UNUSABLE_CSV, fileName: 'a.csv' }]);
  return probe;
}

const withJson = (probe: Probe, value: unknown): Probe => withRawJson(probe, JSON.stringify(value));
const withRawJson = (probe: Probe, text: string): Probe => ({
  ...probe,
  headers: { ...probe.headers, 'content-type': 'application/json' },
  body: Buffer.from(text, 'utf8'),
});
const withMultipart = (probe: Probe, parts: MultipartPart[]): Probe => ({
  ...probe,
  headers: { ...probe.headers, 'content-type': MULTIPART_TYPE },
  body: multipart(parts),
});
const takesBody = (operation: Operation) => operation.method !== 'GET';

export const BATTERIES: Record<string, Battery> = {
  'missing or garbled credentials': (operation, credentials) => {
    const admin = operation.auth === 'admin';
    const session = operation.auth === 'session';
    const header = admin ? 'authorization' : session ? 'cookie' : 'x-api-key';
    const asSent = (value: string | string[] | undefined) => {
      if (value === undefined) return value;
      if (admin) return [value].flat().map((v) => `Bearer ${v}`);
      return session ? [value].flat().map((v) => sessionCookie(v, credentials.session.csrf)) : value;
    };
    const cases = [
      ...GARBLED_CREDENTIALS.map(({ name, value }) => ({ name, value: asSent(value) })),
      { name: 'the other kind of credential', value: admin ? `Bearer ${credentials.apiKey}` : credentials.adminToken },
      ...(admin
        ? [
            {
              name: 'another scheme',
              value: `Basic ${Buffer.from(`admin:${credentials.adminToken}`).toString('base64')}`,
            },
            { name: 'the bare token', value: credentials.adminToken },
          ]
        : []),
    ];
    return cases.flatMap(({ name, value }) => {
      const base = baseline(operation, credentials, `credential: ${name}`);
      const { [header]: _, ...rest } = base.headers;
      const probe = { ...base, headers: value === undefined ? rest : { ...rest, [header]: value } };
      // GET /v1/verify/single also takes the key as a query parameter.
      if (!operation.queryParams.includes('X-API-KEY') || typeof value !== 'string') return [probe];
      return [
        probe,
        {
          ...probe,
          label: `query credential: ${name}`,
          headers: rest,
          path: fillPath(operation) + query(operation, { 'X-API-KEY': encodeURIComponent(value) }),
        },
      ];
    });
  },

  'bodies that are not a JSON object': (operation, credentials) =>
    takesBody(operation)
      ? BAD_JSON_BODIES.map(({ name, value }) => withRawJson(baseline(operation, credentials, `body: ${name}`), value))
      : [],

  'documented fields of the wrong type': (operation, credentials) => {
    if (operation.body?.mediaType !== 'json') return [];
    const fields = operation.body.fields.flatMap((field) =>
      BAD_FIELD_VALUES.map(({ name, value }) =>
        withJson(baseline(operation, credentials, `field ${field}: ${name}`), {
          ...sampleBody(operation),
          [field]: value,
        }),
      ),
    );
    const extras = EXTRA_FIELD_BODIES.map(({ name, value }) =>
      withRawJson(
        baseline(operation, credentials, `extra: ${name}`),
        JSON.stringify({ ...sampleBody(operation), ...value }),
      ),
    );
    return [...fields, ...extras];
  },

  'bad uploads': (operation, credentials) => {
    if (operation.body?.mediaType !== 'multipart') return [];
    const bodies = BAD_MULTIPART_BODIES.map(({ name, value }) =>
      withMultipart(baseline(operation, credentials, `upload: ${name}`), value),
    );
    const malformed = MALFORMED_MULTIPART.map(({ name, value }) => ({
      ...baseline(operation, credentials, `upload: ${name}`),
      body: Buffer.from(value(BOUNDARY), 'utf8'),
    }));
    const fields = operation.body.fields
      .filter((field) => field !== 'file')
      .flatMap((field) =>
        BAD_MULTIPART_FIELD_VALUES.map(({ name, value }) =>
          withMultipart(baseline(operation, credentials, `upload field ${field}: ${name}`), [
            { field, value },
            { field: 'file', file: UNUSABLE_CSV, fileName: 'a.csv' },
          ]),
        ),
      );
    return [...bodies, ...malformed, ...fields];
  },

  'bad query parameters': (operation, credentials) =>
    operation.queryParams.flatMap((param) => {
      const path = (value: string) => fillPath(operation) + query(operation, { [param]: value });
      const probe = (label: string, value: string) => ({
        ...baseline(operation, credentials, label),
        path: path(value),
      });
      return [
        ...BAD_QUERY_VALUES.map(({ name, value }) => probe(`query ${param}: ${name}`, value)),
        { ...probe(`query ${param}: repeated`, '1'), path: `${path('1')}&${encodeURIComponent(param)}=2` },
        { ...probe(`query ${param}: bracket syntax`, '1'), path: `${path('1')}&${encodeURIComponent(param)}[a]=2` },
      ];
    }),

  'path ids that are not int64': (operation, credentials) =>
    operation.pathParams.flatMap((param) =>
      BAD_PATH_IDS.map(({ name, value }) => {
        const probe = baseline(operation, credentials, `path ${param}: ${name}`);
        return {
          ...probe,
          path: fillPath(operation, { [param]: value }) + probe.path.slice(fillPath(operation).length),
        };
      }),
    ),

  'bad documented headers': (operation, credentials) =>
    operation.headerParams.flatMap((header) =>
      BAD_HEADER_VALUES.map(({ name, value }) => {
        const probe = baseline(operation, credentials, `header ${header}: ${name}`);
        return { ...probe, headers: { ...probe.headers, [header.toLowerCase()]: value } };
      }),
    ),

  'wrong content types': (operation, credentials) => {
    if (!takesBody(operation)) return [];
    const json = JSON.stringify(operation.body?.mediaType === 'json' ? sampleBody(operation) : {});
    return WRONG_CONTENT_TYPES.map(({ name, value }) => {
      const probe = baseline(operation, credentials, `content type: ${name}`);
      const { 'content-type': _, ...headers } = probe.headers;
      if (value.body === 'multipart-without-file')
        return withMultipart({ ...probe, headers }, [{ field: 'dedupe', value: 'true' }]);
      if (value.body === 'multipart-with-empty-file')
        return withMultipart({ ...probe, headers }, [{ field: 'file', file: '', fileName: 'empty.csv' }]);
      const text =
        value.body === 'form'
          ? new URLSearchParams(
              Object.entries(JSON.parse(json)).map(([k, v]): [string, string] => [k, String(v)]),
            ).toString()
          : json;
      return {
        ...probe,
        headers: value.contentType ? { ...headers, 'content-type': value.contentType } : headers,
        body: Buffer.from(text, 'utf8'),
      };
    });
  },

  'an oversized header': (operation, credentials) => {
    const probe = baseline(operation, credentials, 'a 20 KB header');
    return [{ ...probe, headers: { ...probe.headers, [OVERSIZED_HEADER.name]: OVERSIZED_HEADER.value } }];
  },
};
