import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '@lib/common';

/** Room for multipart boundaries and small fields on top of the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** What is known of the uploaded file once it has arrived: its SHA-256 identifies "the same upload" for Idempotency-Key. */
export interface ReceivedFile {
  fileName: string;
  sha256: string;
}

/** A job kind's two-pass upload: stage the file as it arrives, create once every field is known. */
export interface CsvUploadSteps<S, T> {
  stage(fileName: string, file: Readable): Promise<S>;
  create(staged: S, fields: Record<string, string>, file: ReceivedFile): Promise<T>;
  discard(staged: S): Promise<void>;
}

/**
 * Reads a CSV upload's multipart parts in arrival order: the `file` is streamed to the blob store and
 * validated as it arrives (never buffered whole); the other fields may come before or after it.
 */
export async function receiveCsvUpload<S, T>(request: FastifyRequest, maxBytes: number, steps: CsvUploadSteps<S, T>): Promise<T> {
  if (!request.isMultipart()) throw new DomainError('FILE_MISSING', 'Send multipart/form-data with the CSV in a field named "file".');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw new DomainError('FILE_TOO_LARGE', `The upload is larger than the ${maxBytes / (1024 * 1024)} MB limit; nothing was read.`);
  const fields: Record<string, string> = {};
  let staged: S | null = null;
  let received: ReceivedFile | null = null;
  try {
    // One byte over the limit, so our own check (which names the limit) is what refuses a large file.
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname !== 'file' || staged) {
        part.file.resume(); // not ours: skip its bytes
      } else {
        const digest = createHash('sha256');
        const hashing = new Transform({ transform(chunk: Buffer, _encoding, done) { digest.update(chunk); done(null, chunk); } });
        // Errors of the upload stream reach the stager through the hashing stream.
        part.file.on('error', (error) => hashing.destroy(error));
        staged = await steps.stage(part.filename, part.file.pipe(hashing));
        if (part.file.truncated) throw new DomainError('FILE_TOO_LARGE');
        received = { fileName: part.filename, sha256: digest.digest('hex') };
      }
    }
    if (!staged || !received) throw new DomainError('FILE_MISSING');
    return await steps.create(staged, fields, received);
  } catch (error) {
    if (staged) await steps.discard(staged);
    throw error;
  }
}
