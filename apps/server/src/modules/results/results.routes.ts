import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, messageResponseSchema } from '@app/shared/schemas/common.schema';
import {
  classResultsQuerySchema,
  classResultsResponseSchema,
  orphanResultsResponseSchema,
  resultListQuerySchema,
  resultListResponseSchema,
  resultResponseSchema,
  resultSavedResponseSchema,
  resultSchema,
} from '@app/shared/schemas/result.schema';
import { idempotencyHeaders } from '@app/shared/schemas/idempotency.schema';
import { idempotent, requires } from '../../lib/access.ts';
import { currentUser, siteScope } from '../../plugins/access.ts';
import { carriesIdempotencyKey } from '../../plugins/idempotency.ts';
import { childFieldsHook } from '../orphans/orphans.service.ts';
import { classResults, createResult, deleteResult, getResult, listResults, orphanResults, updateResult, type ResultContext } from './results.service.ts';
import { linkActivities } from '../activities/activities.service.ts';
import { resultActivityLinks } from './results.repository.ts';

/** `/results` (spec section 7), one child's results, `/orphans/{id}/results`, and a class's results for one assessment. */
export async function resultsRoutes(app: FastifyInstance): Promise<void> {
  linkActivities('result', resultActivityLinks);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): ResultContext => ({ db: app.db, scope: siteScope(request) });
  const userId = (request: FastifyRequest) => currentUser(request).id;
  const tags = ['results'];
  // A result or month answers its child's names; the father's is the family class's (need to know).
  app.addHook('preSerialization', childFieldsHook(['father_name']));

  r.get('/results', { config: requires('view-results'), schema: { description: 'School results, a page at a time, filtered by child, type, year and term.', tags, querystring: resultListQuerySchema, response: { 200: resultListResponseSchema } } }, async (request) =>
    listResults(ctx(request), request.query),
  );

  // Before `/results/:id` in reading order; the router prefers the fixed path anyway.
  r.get('/results/class', { config: requires('view-results'), schema: { description: "The results already entered for one assessment of a class's children (class, type, subject, term, exam date).", tags, querystring: classResultsQuerySchema, response: { 200: classResultsResponseSchema } } }, async (request) =>
    classResults(ctx(request), request.query),
  );

  r.post('/results', { config: { ...requires('create-results'), ...idempotent }, schema: { description: 'Record a school result (education or discipline) for a child. With `Idempotency-Key`, the same key again answers the first answer, and an assessment already recorded answers 409 `already_recorded` with the result (`current`).', tags, headers: idempotencyHeaders, body: resultSchema, response: { 201: resultSavedResponseSchema } } }, async (request, reply) =>
    reply.code(201).send(await createResult(ctx(request), userId(request), request.body, { duplicateAsConflict: carriesIdempotencyKey(request) })),
  );

  r.get('/results/:id', { config: requires('view-results'), schema: { description: 'One school result, with its child.', tags, params: idParam, response: { 200: resultResponseSchema } } }, async (request) =>
    getResult(ctx(request), request.params.id),
  );

  r.put('/results/:id', { config: { ...requires('edit-results'), ...idempotent }, schema: { description: 'Change a school result; 409 when someone saved it since it was read, with its current values and who saved it when (`current`). Honours `Idempotency-Key`.', tags, headers: idempotencyHeaders, params: idParam, body: resultSchema, response: { 200: resultSavedResponseSchema } } }, async (request) =>
    updateResult(ctx(request), userId(request), request.params.id, request.body),
  );

  r.delete('/results/:id', { config: requires('delete-results'), schema: { description: 'Delete a school result.', tags, params: idParam, response: { 200: messageResponseSchema } } }, async (request) =>
    deleteResult(ctx(request), userId(request), request.params.id),
  );

  r.get('/orphans/:id/results', { config: requires('view-results'), schema: { description: 'One child\'s results summary: averages and grades by year and term.', tags, params: idParam, response: { 200: orphanResultsResponseSchema } } }, async (request) =>
    orphanResults(ctx(request), request.params.id),
  );
}
