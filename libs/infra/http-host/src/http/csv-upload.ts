import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { DomainError, describeByteSize } from '@lib/common';
import { refuseControlCharacters } from './input-text-rules';

/** Room for multipart boundaries and small fields on top of the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Form fields an upload may carry. Counted here, in arrival order: @fastify/multipart's own `fields`
 * limit reports its error only after handing over a file part that follows, which then never ends
 * (the request is unpiped), so the request would hang. Its limit stays as a backstop well above this.
 */
export const MAX_UPLOAD_FIELDS = 20;

/** What is known of the uploaded file once it has arrived: its SHA-256 identifies "the same upload" for Idempotency-Key. */
export interface ReceivedFile {
  fileName: string;
  sha256: string;
}

/** A job kind's two-pass upload: stage the file as it arrives, create once every field is known. */
export interface CsvUploadSteps<S, T> {
  /** `fieldsBefore`: the form fields that came before the file (a field the file's reading needs must). */
  stage(fileName: string, file: Readable, fieldsBefore: Readonly<Record<string, string>>): Promise<S>;
  create(staged: S, fields: Record<string, string>, file: ReceivedFile): Promise<T>;
  discard(staged: S): Promise<void>;
}

/** Names the configured limit: the catalogue's message cannot know it. */
function fileTooLarge(maxBytes: number, nothing: 'read' | 'stored'): DomainError {
  return new DomainError(
    'FILE_TOO_LARGE',
    `The upload is larger than the ${describeByteSize(maxBytes)} limit; nothing was ${nothing}.`,
  );
}

/**
 * Reads a CSV upload's multipart parts in arrival order: the `file` is streamed to the blob store and
 * validated as it arrives (never buffered whole); the other fields may come before or after it.
 */
export async function receiveCsvUpload<S, T>(
  request: FastifyRequest,
  maxBytes: number,
  steps: CsvUploadSteps<S, T>,
): Promise<T> {
  if (!request.isMultipart())
    throw new DomainError('FILE_MISSING', 'Send multipart/form-data with the CSV in a field named "file".');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw fileTooLarge(maxBytes, 'read');
  const fields: Record<string, string> = {};
  let staged: S | null = null;
  let received: ReceivedFile | null = null;
  let uploadFailure: unknown = null;
  let fieldCount = 0;
  try {
    // One byte over the limit, so our own check (which names the limit) is what refuses a large file.
    for await (const part of multipartParts(request, { fileSize: maxBytes + 1 })) {
      if (part.type === 'field') {
        if (++fieldCount > MAX_UPLOAD_FIELDS)
          throw new DomainError(
            'PAYLOAD_TOO_LARGE',
            `An upload may carry at most ${MAX_UPLOAD_FIELDS} form fields besides the file.`,
          );
        const value = String(part.value);
        refuseControlCharacters(value, part.fieldname, 'a form field');
        fields[part.fieldname] = value;
      } else if (part.fieldname !== 'file' || staged) {
        part.file.resume(); // not ours: skip its bytes
      } else {
        const digest = createHash('sha256');
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            digest.update(chunk);
            done(null, chunk);
          },
        });
        // Errors of the upload stream reach the stager through the hashing stream.
        part.file.on('error', (error) => {
          uploadFailure = error;
          hashing.destroy(error);
        });
        staged = await steps.stage(part.filename, part.file.pipe(hashing), { ...fields });
        if (part.file.truncated) throw fileTooLarge(maxBytes, 'stored');
        received = { fileName: part.filename, sha256: digest.digest('hex') };
      }
    }
    if (!staged || !received) throw new DomainError('FILE_MISSING');
    return await steps.create(staged, fields, received);
  } catch (error) {
    if (staged) await steps.discard(staged);
    // The stager fails because the upload stream did: the body's fault, not the stager's.
    throw uploadFailure && !(error instanceof DomainError) ? malformedMultipart(uploadFailure) : error;
  }
}

/** The request's parts; the parser's own failures (no boundary, a body cut off) are the client's, a 400. */
async function* multipartParts(request: FastifyRequest, limits: { fileSize: number }) {
  try {
    yield* request.parts({ limits });
  } catch (error) {
    throw malformedMultipart(error);
  }
}

/** busboy reports a malformed body with a plain Error; @fastify/multipart's limit errors carry an FST_ code and are mapped already. */
function malformedMultipart(error: unknown): unknown {
  const code = (error as { code?: unknown })?.code;
  if (error instanceof DomainError || (typeof code === 'string' && code.startsWith('FST_'))) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new DomainError('VALIDATION_FAILED', `The multipart/form-data body is malformed (${reason}).`);
}
