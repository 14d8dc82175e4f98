import type { FastifyRequest } from 'fastify';
import { readMultipartForm } from '../modules/storage/uploads.service.ts';

/**
 * The flat key/value fields of a JSON or multipart body (the settings form sends multipart).
 * Multipart files are read and discarded; values stay as sent (strings for multipart).
 */
export async function readFlatFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    const body = request.body;
    return body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  }
  // The one multipart reader: its limits, NUL check and clear 400 for a malformed body.
  return (await readMultipartForm(request, { fileFields: [], maxFileBytes: 0 })).fields;
}
