import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { ORPHAN_FIELD_ENTRIES, ORPHAN_FORM_DEFAULTS, orphanAnswerSchema, orphanSchema } from '@app/shared/schemas/orphan.schema';
import { call, describeEachDatabase, loginAdmin } from '../../../test/harness.ts';
import { FIELD_COLUMNS } from './orphan-columns.ts';

/**
 * The orphan record's fields come from one list (ORPHAN_FIELDS): a value for every field in that
 * list, whatever it holds, goes in through the API and comes back unchanged, and the columns
 * derived from the list are exactly the table's. A field added to the list without its column
 * (or a column without its field) fails here.
 */

/** The first allowed value of a choice field, read from its answer schema. */
function firstOption(answer: z.ZodType): string {
  const inner = answer instanceof z.ZodNullable ? answer.unwrap() : answer;
  return (inner as z.ZodEnum).options[0] as string;
}

/** A valid, distinct value for every field, chosen by the field's kind alone. */
function sampleRecord(): { sent: Record<string, unknown>; expected: Record<string, unknown> } {
  const sent: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const [name, def] of ORPHAN_FIELD_ENTRIES) {
    switch (def.kind) {
      case 'date':
        sent[name] = expected[name] = name === 'dob' ? '2014-03-21' : '2022-09-01';
        break;
      case 'choice':
        sent[name] = expected[name] = firstOption(def.answer);
        break;
      case 'money':
        sent[name] = '1250.5';
        expected[name] = '1250.50';
        break;
      case 'email':
        sent[name] = expected[name] = `${name.replace(/_/g, '.')}@example.org`;
        break;
      case 'parts':
        sent[name] = expected[name] = Object.fromEntries((def.parts ?? []).map((p) => [p, `${p} value`]));
        break;
      default:
        sent[name] = expected[name] = name.slice(0, 8);
    }
  }
  return { sent, expected };
}

it('derives a form default, an answer and columns for every field of the list', () => {
  const names = ORPHAN_FIELD_ENTRIES.map(([n]) => n);
  expect(Object.keys(ORPHAN_FORM_DEFAULTS)).toEqual(names);
  expect(Object.keys(orphanSchema.shape)).toEqual(names);
  for (const n of names) expect(Object.keys(orphanAnswerSchema.shape)).toContain(n);
  expect(orphanSchema.safeParse(sampleRecord().sent).success).toBe(true);
});

describeEachDatabase('orphan fields from one list', (server, dialect) => {
  it('round-trips every field of the list through create, get and update', async () => {
    const token = await loginAdmin(server());
    const { sent, expected } = sampleRecord();
    const created = await call(server(), 'POST', '/api/orphans', { token, body: sent });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const got = await call(server(), 'GET', `/api/orphans/${created.body.data.id}`, { token });
    for (const [name] of ORPHAN_FIELD_ENTRIES) expect(got.body.data[name], name).toEqual(expected[name]);

    // Clearing every optional field clears its columns (PUT replaces the record).
    const required = Object.fromEntries(ORPHAN_FIELD_ENTRIES.filter(([, d]) => !d.answer.safeParse(null).success).map(([n]) => [n, sent[n]]));
    const cleared = await call(server(), 'PUT', `/api/orphans/${created.body.data.id}`, { token, body: required });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    for (const [name, def] of ORPHAN_FIELD_ENTRIES) {
      if (!(name in required)) expect(cleared.body.data[name], name).toBe(def.answer.safeParse(null).success ? null : undefined);
    }
  });

  it('derives the record\'s columns to be exactly the table\'s, beside its own bookkeeping', async () => {
    // The site is set by the create form and by transfers, never by an edit of the record's fields.
    const bookkeeping = ['id', 'site_id', 'birthday', 'search_text', 'search_family', 'search_identity', 'medical_token', 'photo_path', 'photo_thumb_path', 'created_by', 'updated_by', 'created_at', 'updated_at', 'deleted_at'];
    const { db } = server().database;
    const columns =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from pragma_table_info('orphans')`.execute(db)).rows.map((r) => r.name)
        : (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = 'orphans'`.execute(db)).rows.map((r) => r.name);
    expect([...FIELD_COLUMNS, ...bookkeeping].sort()).toEqual(columns.sort());
  });
});
