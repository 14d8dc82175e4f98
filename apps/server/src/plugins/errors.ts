import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODE, MSG, errorCodeForStatus, type ErrorCode } from '@app/shared/messages';
import { localiseMessage } from '@app/shared/i18n/localise';
import type { Language } from '@app/shared/i18n/languages';
import { registerAllMessageCatalogs } from '@app/shared/i18n/message-catalogs';
import { AppError } from '../lib/app-error.ts';
import { requestLanguage } from '../lib/request-language.ts';

interface ZodLikeIssue {
  instancePath: string;
  message: string;
}

function validationErrors(issues: ZodLikeIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * One place that turns any failure into the spec's answer shape, `{message, errors?}`, plus the
 * machine-readable `code` the client branches on (shared ERROR_CODE); 5xx details go to the log only.
 * The message and every field's messages are in the request's language; the code is not.
 */
export function registerErrorHandling(app: FastifyInstance, pageFallback: ((reply: FastifyReply) => unknown) | null): void {
  registerAllMessageCatalogs();

  // A success's `message` ("User created successfully") follows the request's language too.
  // Answers without one (lists, records) and error answers (send() below did theirs) pass
  // untouched; a callback hook, not an async one, so most answers cost one type check.
  app.addHook('preSerialization', (request, reply, payload: unknown, done) => {
    if (reply.statusCode >= 400 || !payload || typeof payload !== 'object' || typeof (payload as { message?: unknown }).message !== 'string') return done(null, payload);
    const language = requestLanguage(request);
    if (language === 'en') return done(null, payload);
    done(null, { ...payload, message: localiseMessage((payload as { message: string }).message, language) });
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.status, error.message, error.code, error.errors, error.extra);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(error.validation as unknown as ZodLikeIssue[]);
      const first = Object.values(errors)[0]?.[0] ?? MSG.validation;
      return send(reply, 422, first, ERROR_CODE.validationFailed, errors);
    }
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return send(reply, 400, MSG.invalidJson, ERROR_CODE.invalidJson);
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
      return send(reply, 413, MSG.fileTooLarge, ERROR_CODE.fileTooLarge);
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      // An answer that does not match its route's response schema lands here too (a 500, logged).
      request.log.error({ err: error }, 'request failed');
      return send(reply, 500, MSG.serverError, ERROR_CODE.serverError);
    }
    if (status === 429) return send(reply, 429, MSG.tooManyRequests, ERROR_CODE.rateLimited);
    return send(reply, status, error.message, errorCodeForStatus(status));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|storage|download|sanctum)(\/|$|\?)/.test(url);
    // Client-side routes of the SPA (history fallback) get the app's index page.
    if (wantsPage && pageFallback) return pageFallback(reply);
    return send(reply, 404, MSG.notFound, ERROR_CODE.notFound);
  });
}

function send(reply: FastifyReply, status: number, message: string, code: ErrorCode, errors?: Record<string, string[]>, extra?: Record<string, unknown>) {
  const answer = errorAnswer(requestLanguage(reply.request), message, code, errors);
  return reply.code(status).send(extra ? { ...extra, ...answer } : answer);
}

/**
 * The spec's error shape in the reader's language: the body every refusal carries, also for the
 * answers a library writes itself past this handler (the resumable uploads' tus server).
 */
export function errorAnswer(language: Language, message: string, code: ErrorCode, errors?: Record<string, string[]>): { message: string; code: ErrorCode; errors?: Record<string, string[]> } {
  if (language !== 'en') {
    message = localiseMessage(message, language);
    if (errors) errors = Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((m) => localiseMessage(m, language))]));
  }
  return errors ? { message, code, errors } : { message, code };
}
