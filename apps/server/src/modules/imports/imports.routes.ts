import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XLSX_CONTENT_TYPE } from '@app/shared/schemas/export.schema';
import { fileResponseSchema } from '@app/shared/schemas/file.schema';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ID,
  IMPORT_MESSAGES as MSG,
  importCommitResponseSchema,
  importCommitSchema,
  importIdParams,
  importKindParams,
  importListQuerySchema,
  importListSchema,
  importMappingSchema,
  importPreviewSchema,
  importRowsPageSchema,
  importRowsQuerySchema,
  importUndoResponseSchema,
  importUploadFieldsSchema,
} from '@app/shared/schemas/import.schema';
import { AppError } from '../../lib/app-error.ts';
import { requires } from '../../lib/access.ts';
import { issuesToErrors } from '../../lib/validate.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { currentUser, siteScope } from '../../plugins/access.ts';
import { asFormError } from '../storage/uploads.service.ts';
import { importTemplate } from './import-template.ts';
import { commitImport, importRows, listImports, remapImport, undoImport, uploadImport, type ImportContext, type UploadRequest } from './imports.service.ts';

const TAGS = ['imports'];
const ACCESS = requires('import-records');

function importId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) && Number(raw) <= IMPORT_MAX_ID ? Number(raw) : 0;
  if (!id) throw AppError.notFound(MSG.notFound);
  return id;
}

/** The upload's form: `kind`, `site_id` and `file`, the file held up to the limit and no further. */
async function readUpload(request: FastifyRequest): Promise<UploadRequest> {
  if (!request.isMultipart()) throw AppError.validation('file', MSG.fileRequired);
  const fields: Record<string, string> = {};
  let file: UploadRequest['file'];
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'file') file = { data: await part.toBuffer(), filename: part.filename ?? '' };
      else part.file.resume();
    }
  } catch (err) {
    const status = (err as { statusCode?: unknown }).statusCode;
    if (status === 413) throw new AppError(413, MSG.fileTooLarge);
    throw asFormError(err, request);
  }
  const parsed = importUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) throw AppError.validationMany(issuesToErrors(parsed.error.issues));
  return { kind: parsed.data.kind, siteId: fields.site_id, file };
}

/** Bytes, not the JSON the route's typed reply expects: sent through the plain reply. */
function sendWorkbook(reply: FastifyReply, kind: string, book: Buffer): FastifyReply {
  return reply
    .type(XLSX_CONTENT_TYPE)
    .header('Content-Disposition', `attachment; filename="import-${kind}.xlsx"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(book);
}

export async function importsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): ImportContext => {
    const user = currentUser(request);
    return { db: app.db, scope: siteScope(request), sites: user.sites, user, language: requestLanguage(request) };
  };

  r.get('/imports', { config: ACCESS, schema: { description: 'Past imports of the user\'s sites, newest first, with their counts and whether they can still be undone.', tags: TAGS, querystring: importListQuerySchema, response: { 200: importListSchema } } }, async (request) =>
    listImports(ctx(request), request.query.page),
  );

  r.post(
    '/imports',
    {
      config: { ...ACCESS, documentedBody: { schema: z.object({ kind: z.string(), site_id: z.string().optional(), file: z.string().meta({ format: 'binary' }) }), consumes: ['multipart/form-data'] } },
      schema: { description: 'Upload an .xlsx or CSV file of children, results or attendance: its rows are read and checked, and staged for a preview. Nothing is stored in the records.', tags: TAGS, response: { 201: importPreviewSchema } },
    },
    async (request, reply) => reply.code(201).send(await uploadImport(ctx(request), await readUpload(request))),
  );

  r.get('/imports/templates/:kind', { config: ACCESS, schema: { description: 'An .xlsx template of a kind of import: the headings in the reader\'s language, a sample row, and a sheet explaining each column.', tags: TAGS, params: importKindParams, produces: [XLSX_CONTENT_TYPE], response: { 200: fileResponseSchema } } }, async (request, reply) => {
    return sendWorkbook(reply, request.params.kind, await importTemplate(request.params.kind, requestLanguage(request)));
  });

  r.get('/imports/:id/rows', { config: ACCESS, schema: { description: 'A page of an import\'s rows with their errors (or only the rows with errors).', tags: TAGS, params: importIdParams, querystring: importRowsQuerySchema, response: { 200: importRowsPageSchema } } }, async (request) =>
    importRows(ctx(request), importId(request.params.id), request.query),
  );

  r.put('/imports/:id/mapping', { config: ACCESS, schema: { description: 'Map the sheet\'s columns to fields; every row is checked again.', tags: TAGS, params: importIdParams, body: importMappingSchema, response: { 200: importPreviewSchema } } }, async (request) =>
    remapImport(ctx(request), importId(request.params.id), request.body.mapping),
  );

  r.post('/imports/:id/commit', { config: ACCESS, schema: { description: 'Store the import\'s rows in the records, all in one transaction, or nothing; duplicates skipped or used to update the kept record.', tags: TAGS, params: importIdParams, body: importCommitSchema, response: { 200: importCommitResponseSchema } } }, async (request) =>
    commitImport(ctx(request), importId(request.params.id), request.body),
  );

  r.post('/imports/:id/undo', { config: ACCESS, schema: { description: 'Within 14 days, remove what an import added and put back what it changed; refused, with the records named, when any changed since.', tags: TAGS, params: importIdParams, response: { 200: importUndoResponseSchema } } }, async (request) =>
    undoImport(ctx(request), importId(request.params.id)),
  );
}
