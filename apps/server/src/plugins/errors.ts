import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@app/shared/messages';
import { AppError } from '../lib/app-error.ts';

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

/** One place that turns any failure into the spec's answer shape; 5xx details go to the log only. */
export function registerErrorHandling(app: FastifyInstance, pageFallback: ((reply: FastifyReply) => unknown) | null): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(error.validation as unknown as ZodLikeIssue[]);
      const first = Object.values(errors)[0]?.[0] ?? MSG.validation;
      return reply.code(422).send({ message: first, errors });
    }
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send({ message: MSG.invalidJson });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
      return reply.code(413).send({ message: MSG.fileTooLarge });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: MSG.serverError });
    }
    if (status === 429) return reply.code(429).send({ message: MSG.tooManyRequests });
    return reply.code(status).send({ message: error.message });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|storage|download|sanctum)(\/|$|\?)/.test(url);
    // Client-side routes of the SPA (history fallback) get the app's index page.
    if (wantsPage && pageFallback) return pageFallback(reply);
    return reply.code(404).send({ message: MSG.notFound });
  });
}
