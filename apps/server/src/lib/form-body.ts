import type { FastifyRequest } from 'fastify';
import { refuseNul } from './nul-text.ts';

/**
 * The flat key/value fields of a JSON or multipart body (the settings form sends multipart).
 * Multipart files are read and discarded; values stay as sent (strings for multipart).
 */
export async function readFlatFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    const body = request.body;
    return body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  }
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') part.file.resume();
    else fields[part.fieldname] = part.value;
  }
  refuseNul(fields);
  return fields;
}
