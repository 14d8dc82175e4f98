import type { FastifyRequest } from 'fastify';
import { MSG } from '@app/shared/messages';
import { AppError } from '../../lib/app-error.ts';
import { refuseNul } from '../../lib/nul-text.ts';

/** Room for the text fields of a form beside its file. */
const FORM_OVERHEAD_BYTES = 512 * 1024;

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
  refuseNul(form.fields);
  return form;
}
