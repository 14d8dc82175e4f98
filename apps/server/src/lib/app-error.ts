import { ERROR_CODE, MSG, errorCodeForStatus, type ErrorCode } from '@app/shared/messages';

/**
 * The one error type services throw; plugins/errors.ts maps it to the response
 * `{message, code, errors?}`. `code` (shared ERROR_CODE) is what the client branches on; it
 * defaults to the general code of the status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    code?: ErrorCode,
    /** More the client needs beside the message (a conflict's `current` record). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code ?? errorCodeForStatus(status);
  }

  /** 422 with one message on one field, in the spec's validation shape. */
  static validation(field: string, message: string, code: ErrorCode = ERROR_CODE.validationFailed): AppError {
    return new AppError(422, message, { [field]: [message] }, undefined, code);
  }

  static validationMany(errors: Record<string, string[]>): AppError {
    const first = Object.values(errors).find((l) => l.length)?.[0] ?? MSG.validation;
    return new AppError(422, first, errors);
  }

  static notFound(message: string = MSG.notFound): AppError {
    return new AppError(404, message);
  }

  static forbidden(message: string = MSG.forbidden, code: ErrorCode = ERROR_CODE.forbidden): AppError {
    return new AppError(403, message, undefined, undefined, code);
  }

  /** 401 with the spec's one text; `code` says when the server ended the token (the phone wipes its offline store then). */
  static unauthenticated(code: ErrorCode = ERROR_CODE.unauthenticated): AppError {
    return new AppError(401, MSG.unauthenticated, undefined, undefined, code);
  }

  /** 409: the request clashes with the record's current state (given as `current` when the client may show it). */
  static conflict(message: string, code: ErrorCode = ERROR_CODE.conflict, current?: unknown): AppError {
    return new AppError(409, message, undefined, undefined, code, current === undefined ? undefined : { current });
  }

  /** 429 with the seconds to wait in Retry-After. */
  static tooManyRequests(retryAfter: number, message: string = MSG.tooManyRequests): AppError {
    return new AppError(429, message, undefined, { 'Retry-After': String(retryAfter) });
  }
}
