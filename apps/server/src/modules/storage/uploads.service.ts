import type { FastifyRequest } from 'fastify';
import { MSG } from '@app/shared/messages';
import { AppError } from '../../lib/app-error.ts';
import { refuseNul } from '../../lib/nul-text.ts';

/** Room for the text fields of a form beside its file. */
const FORM_OVERHEAD_BYTES = 512 * 1024;

export const MALFORMED_FORM = 'The form could not be read: the upload is incomplete or malformed. Please try again.';
const TOO_MANY_FIELDS = 'The form has too many fields.';

export interface ParsedForm {
  /** Text fields; a repeated name keeps the last value. */
  fields: Record<string, string>;
  /** The uploaded file of each accepted file field (empty file parts — no file chosen — are skipped). */
  files: Record<string, { data: Buffer; filename: string }>;
}

/**
 * Read a multipart form whose files are at most `maxFileBytes` each. A request whose declared
 * length is already too big is refused before a byte is read; otherwise the file is read up to
 * the limit and the request is refused (413) as soon as it passes it — never buffered whole.
 */
export async function readMultipartForm(request: FastifyRequest, opts: { fileFields: readonly string[]; maxFileBytes: number }): Promise<ParsedForm> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxFileBytes * opts.fileFields.length + FORM_OVERHEAD_BYTES) {
    throw new AppError(413, MSG.fileTooLarge);
  }
  const form: ParsedForm = { fields: {}, files: {} };
  try {
    const parts = request.parts({
      limits: { fileSize: opts.maxFileBytes, files: opts.fileFields.length + 2, fields: 100, fieldSize: 64 * 1024, parts: 120 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        continue;
      }
      if (!opts.fileFields.includes(part.fieldname)) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (data.length > 0) form.files[part.fieldname] = { data, filename: part.filename };
    }
  } catch (err) {
    throw asFormError(err, request);
  }
  refuseNul(form.fields);
  return form;
}

/**
 * Size limits keep their 413 (plugins/errors.ts maps the parser's codes). Anything else the parser
 * throws — no boundary, a body cut off mid-part, a broken part header, a field named like a
 * prototype property — is about the bytes the client sent, not a fault of ours: 400 with one plain
 * message, never 500.
 */
export function asFormError(err: unknown, request: FastifyRequest): unknown {
  if (err instanceof AppError) return err;
  const { statusCode, code } = err as { statusCode?: unknown; code?: unknown };
  if (code === 'FST_FIELDS_LIMIT') return new AppError(413, TOO_MANY_FIELDS);
  if (statusCode === 413) return err;
  request.log.info({ err }, 'malformed multipart form');
  return new AppError(400, MALFORMED_FORM);
}
