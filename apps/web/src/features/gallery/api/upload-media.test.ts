import { describe, expect, it } from 'vitest';
import { refusalOf } from './upload-media.ts';

/** A tus-js-client request and response, as far as refusalOf reads them. */
const head = { getMethod: () => 'HEAD' };
const patch = { getMethod: () => 'PATCH' };
const answer = (status: number, headers: Record<string, string>) => ({ getStatus: () => status, getHeader: (name: string) => headers[name] });

describe('refusalOf', () => {
  const body = { message: 'فایل باید تصویر باشد', code: 'VALIDATION_FAILED', errors: { file: ['فایل باید تصویر باشد'] } };
  const refused = answer(422, { 'Upload-Refusal': encodeURIComponent(JSON.stringify(body)) });

  it("reads a HEAD's remembered refusal as the error the page shows, in the language it came in", () => {
    const error = refusalOf(head, refused);
    expect(error).toMatchObject({ status: 422, message: body.message, errors: body.errors });
  });

  it('leaves every other answer to tus-js-client: a PATCH (its body says it), a HEAD without the header, a success', () => {
    expect(refusalOf(patch, refused)).toBeNull();
    expect(refusalOf(head, answer(404, {}))).toBeNull();
    expect(refusalOf(head, answer(200, { 'Upload-Offset': '10', 'Upload-Refusal': 'x' }))).toBeNull();
  });

  it('keeps the status of a header it cannot read', () => {
    expect(refusalOf(head, answer(413, { 'Upload-Refusal': '%E0%A4%A' }))).toMatchObject({ status: 413 });
  });
});
