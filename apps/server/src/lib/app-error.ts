import { MSG } from '@app/shared/messages';

/** The one error type services throw; plugins/errors.ts maps it to the response. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** 422 with one message on one field, in the spec's validation shape. */
  static validation(field: string, message: string): AppError {
    return new AppError(422, message, { [field]: [message] });
  }

  static validationMany(errors: Record<string, string[]>): AppError {
    const first = Object.values(errors).find((l) => l.length)?.[0] ?? MSG.validation;
    return new AppError(422, first, errors);
  }

  static notFound(message: string = MSG.notFound): AppError {
    return new AppError(404, message);
  }

  static forbidden(message: string = MSG.forbidden): AppError {
    return new AppError(403, message);
  }

  static unauthenticated(): AppError {
    return new AppError(401, MSG.unauthenticated);
  }
}
