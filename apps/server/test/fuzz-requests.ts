import fc from 'fast-check';

/**
 * Requests an attacker or a broken client could send, as fast-check
 * arbitraries: a route of the server's own table with odd path ids, query strings and headers,
 * and a body that is JSON of the API's own field names with values of every wrong kind, broken
 * JSON, plain text, or multipart with random parts and files — well-formed or cut short.
 */

export interface FuzzRoute {
  method: string;
  url: string;
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array | FormData;
  /** For the failure report. */
  describe: string;
}

/** Field names the API reads somewhere, so bodies reach past "unknown field" into the rules. */
const FIELDS = [
  '_method', 'absent_days', 'address', 'admission_date', 'admission_end', 'admission_start', 'age_max', 'age_min', 'average',
  'blood_group', 'calendar', 'class_grade', 'comments', 'contact_email', 'content', 'course_type', 'current_password', 'date',
  'date_from', 'date_to', 'description', 'dob', 'email', 'ethics_score', 'exam_date', 'excused_days', 'father_name', 'first_name',
  'from_date', 'gender', 'grade', 'guardian_name', 'id', 'is_published', 'items_per_page', 'last_name', 'late_days', 'limit',
  'locale', 'maintenance_mode', 'media_type', 'medical_condition', 'message', 'month', 'name', 'notes', 'orphan_id',
  'organization_name', 'page', 'password', 'password_confirmation', 'per_page', 'permissions', 'phone_number', 'present_days',
  'reason', 'relationship_score', 'remember', 'result_type', 'roles', 'rows', 'school_id_number', 'score', 'search', 'slug',
  'sort', 'direction', 'status', 'subject', 'subject_id', 'subject_type', 'tags', 'term', 'title', 'to_date', 'token', 'total',
  'type', 'uniform_score', 'updated_at', 'user_id', 'year', 'children', 'settings', 'key', 'value',
];

const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', 'true', '2024-02-30', '1405-09-02', '9999-12-31', '0000-00-00',
    '<script>alert(1)</script>', '=HYPERLINK("http://x")', "'; drop table users; --", '../../etc/passwd', '%00', '\u0000',
    'مریم احمدی', 'ښځه', 'a'.repeat(5000), 'admin@test.org', 'x@y', '[]', '{}', '\r\n\t'),
);

const oddValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    oddText,
    fc.integer(),
    fc.constantFrom(0, -1, 1, 2, 3, 12, 13, 100, 1000, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1.5, -0.5),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const jsonObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), oddValue, { maxKeys: 12 });

const pathSegment = fc.oneof(
  fc.integer({ min: 0, max: 12 }).map(String),
  fc.constantFrom('999999', '-1', '0', '1.5', '1e3', '2147483648', '99999999999999999999', 'abc', '%2e%2e', '..%2F..%2Fapp.db',
    'null', '%00', '%E2%80%AE', encodeURIComponent('مریم'), 'x'.repeat(300), 'original', '720p', 'thumb'),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

const query = fc
  .dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.constantFrom('expires', 'signature', 'page[]', 'sort[0]')), fc.oneof(oddText, fc.integer().map(String)), { maxKeys: 5 })
  .map((q) => new URLSearchParams(q as Record<string, string>).toString());

const languages = fc.constantFrom(undefined, 'fa-AF', 'ps-AF', 'en', 'fa', 'xx-YY', '*', 'fa-AF;q=0.9, ps;q=0.8', 'ä'.repeat(200));

const multipart = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...FIELDS), oddText), { maxLength: 8 }),
    fc.array(
      fc.record({
        field: fc.constantFrom('file', 'profile_photo', 'photo', 'logo', 'extra'),
        name: fc.constantFrom('a.jpg', 'a.png', 'doc.pdf', 'x.html', 'x.svg', '', '../../evil.jpg', 'مریم.jpg', 'a'.repeat(300)),
        type: fc.constantFrom('image/jpeg', 'image/png', 'application/pdf', 'text/html', 'image/svg+xml', 'application/octet-stream', ''),
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 2048 }),
          // Real signatures with junk after them: JPEG, PNG, PDF, an HTML page.
          fc.constantFrom([0xff, 0xd8, 0xff, 0xe0], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0x25, 0x50, 0x44, 0x46, 0x2d], [0x3c, 0x68, 0x74, 0x6d, 0x6c, 0x3e]).map((b) => new Uint8Array([...b, 1, 2, 3])),
        ),
      }),
      { maxLength: 2 },
    ),
  )
  .map(([fields, files]) => {
    const form = new FormData();
    for (const [k, v] of fields) form.append(k, v);
    for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
    return form;
  });

/** Bodies with the content type each claims (or a wrong one). */
const body = fc.oneof(
  jsonObject.map((o) => ({ type: 'application/json', body: JSON.stringify(o) as string | Uint8Array | FormData })),
  fc.array(oddValue, { maxLength: 3 }).map((a) => ({ type: 'application/json', body: JSON.stringify(a) })),
  fc.constantFrom('{', '{"a":', 'nul', 'null', 'true', '[]', '"x"', '1', '[{]', '\u0000', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}').map((t) => ({ type: 'application/json', body: t })),
  fc.tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml'), oddText).map(([type, t]) => ({ type, body: t })),
  multipart.map((form) => ({ type: '', body: form })),
  // Multipart that lies: no boundary, or a body cut in the middle of a part.
  fc.constantFrom(
    { type: 'multipart/form-data', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--' },
    { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff' },
    { type: 'multipart/form-data; boundary=', body: '' },
  ),
  fc.constant({ type: '', body: undefined as string | undefined }),
);

export function fuzzRequest(routes: readonly FuzzRoute[], token: string): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      route: fc.constantFrom(...routes),
      segments: fc.array(pathSegment, { minLength: 3, maxLength: 3 }),
      query,
      body,
      language: languages,
      signedIn: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
      extra: fc.constantFrom(
        {},
        { Range: 'bytes=0-10' },
        { Range: 'bytes=99999999-' },
        { Range: 'bytes=abc' },
        { 'Tus-Resumable': '1.0.0', 'Upload-Length': '100', 'Upload-Metadata': 'filename YS5qcGc=,orphan_id MQ==' },
        { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        { 'X-HTTP-Method-Override': 'DELETE' },
        { 'Content-Length': '5' },
      ),
    })
    .map(({ route, segments, query, body, language, signedIn, extra }) => {
      let i = 0;
      const path = route.url.replace(/:[A-Za-z_]+|\*$/g, () => segments[i++ % segments.length]!);
      const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
      if (signedIn) headers.Authorization = `Bearer ${token}`;
      if (language) headers['Accept-Language'] = language;
      const withBody = !['GET', 'HEAD', 'DELETE'].includes(route.method) && body.body !== undefined;
      if (withBody && body.type) headers['Content-Type'] = body.type;
      for (const [k, v] of Object.entries(extra)) if (k !== 'Content-Length') headers[k] = v;
      const url = query ? `${path}?${query}` : path;
      return {
        method: route.method,
        path: url,
        headers,
        body: withBody ? body.body : undefined,
        describe: `${route.method} ${url} ${JSON.stringify(headers)} ${body.body instanceof FormData ? '[multipart]' : String(body.body ?? '').slice(0, 300)}`,
      };
    });
}
