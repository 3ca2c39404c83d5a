// url and events are validated by the domain (not class-validator) so each problem has its own code:
// 4002 not an HTTPS URL / credentials, 4003 a host that is private or does not resolve (one code: two would
// tell whether an internal name exists), 4005 events.
export const EVENTS_SCHEMA = {
  type: 'array' as const,
  minItems: 1,
  items: {
    oneOf: [
      {
        type: 'integer',
        format: 'int32',
        enum: [1, 2, 3],
        description: '1 = job.completed, 2 = job.failed, 3 = job.files_expiring',
      },
      { type: 'string', enum: ['job.completed', 'job.failed', 'job.files_expiring'] },
    ],
  },
  description:
    'WebhookEvent values: 1 = job.completed, 2 = job.failed, 3 = job.files_expiring (the names are accepted too). Unknown values: 400 code 4005.',
  example: [1, 2],
};
export const URL_DOC =
  'HTTPS endpoint without credentials that resolves to a public address. 400 codes: 4002 invalid URL, 4003 host does not resolve to a public address (private, loopback or no address alike).';
