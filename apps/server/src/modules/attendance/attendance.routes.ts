import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attendanceBatchResponseSchema,
  attendanceBatchSchema,
  attendanceListQuerySchema,
  attendancePageSchema,
  attendanceResponseSchema,
  attendanceSavedResponseSchema,
  attendanceSchema,
  attendanceSummaryResponseSchema,
} from '@app/shared/schemas/attendance.schema';
import { idParam, messageResponseSchema } from '@app/shared/schemas/common.schema';
import { idempotencyHeaders } from '@app/shared/schemas/idempotency.schema';
import { idempotent, requires } from '../../lib/access.ts';
import { currentUser, siteScope } from '../../plugins/access.ts';
import { carriesIdempotencyKey } from '../../plugins/idempotency.ts';
import { childFieldsHook } from '../orphans/orphans.service.ts';
import {
  attendanceSummary,
  createAttendance,
  deleteAttendance,
  getAttendance,
  listAttendance,
  saveAttendanceBatch,
  updateAttendance,
  type AttendanceContext,
} from './attendance.service.ts';
import { linkActivities } from '../activities/activities.service.ts';
import { attendanceActivityLinks } from './attendance.repository.ts';

/** `/attendances` (spec section 7), the batch of a month for many children, and one child's summary. */
export async function attendanceRoutes(app: FastifyInstance): Promise<void> {
  linkActivities('attendance', attendanceActivityLinks);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A result or month answers its child's names; the father's is the family class's (need to know).
  app.addHook('preSerialization', childFieldsHook(['father_name']));
  const ctx = (request: FastifyRequest): AttendanceContext => ({ db: app.db, scope: siteScope(request) });
  const userId = (request: FastifyRequest) => currentUser(request).id;
  const tags = ['attendance'];

  r.get('/attendances', { config: requires('view-attendance'), schema: { description: 'Monthly attendance records, a page at a time, filtered by child, month and year.', tags, querystring: attendanceListQuerySchema, response: { 200: attendancePageSchema } } }, async (request) =>
    listAttendance(ctx(request), request.query),
  );

  r.post('/attendances', { config: { ...requires('create-attendance'), ...idempotent }, schema: { description: 'Record one child\'s attendance for one month. With `Idempotency-Key`, the same key again answers the first answer, and a month already recorded answers 409 `already_recorded` with the record (`current`).', tags, headers: idempotencyHeaders, body: attendanceSchema, response: { 201: attendanceSavedResponseSchema } } }, async (request, reply) =>
    reply.code(201).send(await createAttendance(ctx(request), userId(request), request.body, { duplicateAsConflict: carriesIdempotencyKey(request) })),
  );

  // Creates and updates (a child's month already recorded is updated): both permissions. The
  // body is validated by the service so that a 422 names each bad row's child; documented here.
  r.post(
    '/attendances/batch',
    {
      config: { ...requires({ allPermissions: ['create-attendance', 'edit-attendance'] }), ...idempotent, documentedBody: { schema: attendanceBatchSchema } },
      schema: {
        tags,
        headers: idempotencyHeaders,
        description:
          'One month for many children in one transaction: all rows are stored or none. A child who already has a record for the month has it updated, the others get one. ' +
          'Answers 200 `{message, created, updated, data}` (data: every row as stored, in the order sent). On any bad row: 422, nothing stored, ' +
          '`errors["rows.{i}.{field}"]` with messages starting with the child\'s name. At most 1,000 rows; the same child twice is refused. With `Idempotency-Key`, the same key again answers the first answer.',
        response: { 200: attendanceBatchResponseSchema },
      },
    },
    async (request) => saveAttendanceBatch(ctx(request), userId(request), request.body),
  );

  r.get('/attendances/:id', { config: requires('view-attendance'), schema: { description: 'One attendance record, with its child.', tags, params: idParam, response: { 200: attendanceResponseSchema } } }, async (request) =>
    getAttendance(ctx(request), request.params.id),
  );

  r.put('/attendances/:id', { config: { ...requires('edit-attendance'), ...idempotent }, schema: { description: 'Change one attendance record; 409 when someone saved it since it was read, with its current values and who saved it when (`current`). Honours `Idempotency-Key`.', tags, headers: idempotencyHeaders, params: idParam, body: attendanceSchema, response: { 200: attendanceSavedResponseSchema } } }, async (request) =>
    updateAttendance(ctx(request), userId(request), request.params.id, request.body),
  );

  r.delete('/attendances/:id', { config: requires('delete-attendance'), schema: { description: 'Delete one attendance record.', tags, params: idParam, response: { 200: messageResponseSchema } } }, async (request) =>
    deleteAttendance(ctx(request), userId(request), request.params.id),
  );

  r.get('/orphans/:id/attendance-summary', { config: requires('view-attendance'), schema: { description: 'One child\'s attendance totals and rate, by year and month.', tags, params: idParam, response: { 200: attendanceSummaryResponseSchema } } }, async (request) =>
    attendanceSummary(ctx(request), request.params.id),
  );
}
