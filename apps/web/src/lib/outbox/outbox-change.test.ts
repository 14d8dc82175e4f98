import { describe, expect, it } from 'vitest';
import { afterAnswer, differingFields, keepMine, newChange, sendable, type OutboxChange, type ServerCurrent } from './outbox-change.ts';

const label = { kind: 'attendance' as const, subject: 'Maryam Ahmadi', period: 'March 2026' };
const month = (orphan: number, absent: number, key: string): OutboxChange =>
  newChange({ method: 'POST', path: '/attendances', body: { orphan_id: orphan, month: 3, year: 2026, present_days: 20, absent_days: absent }, baseVersion: null, label }, key);
const current = (data: Record<string, unknown>): ServerCurrent => ({ data: { id: 7, updated_at: '2026-03-31T10:14:00.000Z', ...data }, updated_by: { id: 2, name: 'Farid' }, updated_at: '2026-03-31T10:14:00.000Z' });

describe('outbox rules', () => {
  it('sends waiting changes in the order they were made', () => {
    const a = month(1, 3, 'a');
    const b = month(2, 1, 'b');
    expect(sendable([a, b]).map((c) => c.key)).toEqual(['a', 'b']);
  });

  it('holds back a change behind a refused one for the same record, not the others', () => {
    const refused = { ...month(1, 3, 'a'), state: 'rejected' as const, message: 'No.' };
    const sameChildMonth = month(1, 4, 'b');
    const other = month(2, 1, 'c');
    expect(sendable([refused, sameChildMonth, other]).map((c) => c.key)).toEqual(['c']);
  });

  it('takes a change out once it arrived, keeps a refused one with the server\'s message', () => {
    const c = month(1, 3, 'a');
    expect(afterAnswer(c, { kind: 'sent' })).toBeUndefined();
    expect(afterAnswer(c, { kind: 'retry-later' })).toBe(c);
    expect(afterAnswer(c, { kind: 'rejected', message: 'The absent days are too many.', errors: { absent_days: ['x'] } })).toMatchObject({ state: 'rejected', message: 'The absent days are too many.', key: 'a' });
  });

  it('moves a conflict to Conflicts with the server\'s values, field by field', () => {
    const c = month(1, 3, 'a');
    const after = afterAnswer(c, { kind: 'conflict', message: 'Already recorded.', current: current({ orphan_id: 1, month: 3, year: 2026, present_days: 20, absent_days: 2 }) });
    expect(after).toMatchObject({ state: 'conflict', current: { updated_by: { name: 'Farid' } } });
    expect(differingFields(c.body, after!.current!.data)).toEqual(['absent_days']);
  });

  it('counts a conflict whose server record already holds the change as arrived (its answer was lost)', () => {
    const c = month(1, 3, 'a');
    expect(afterAnswer(c, { kind: 'conflict', message: 'Already recorded.', current: current({ orphan_id: 1, month: 3, year: 2026, present_days: 20, absent_days: 3 }) })).toBeUndefined();
  });

  it('keeps mine as an update of the server\'s current version, with a new key', () => {
    const c = afterAnswer(month(1, 3, 'a'), { kind: 'conflict', message: 'x', current: current({ absent_days: 2 }) })!;
    const again = keepMine(c, { absent_days: 4 }, 'b');
    expect(again).toMatchObject({ key: 'b', method: 'PUT', path: '/attendances/7', state: 'waiting', baseVersion: '2026-03-31T10:14:00.000Z' });
    expect(again.body).toMatchObject({ absent_days: 4, updated_at: '2026-03-31T10:14:00.000Z' });
    expect(again.current).toBeUndefined();
    const stale = { ...newChange({ method: 'PUT', path: '/results/9', body: { score: 40 }, baseVersion: 'old', label }, 'c'), state: 'conflict' as const, current: current({ score: 45 }) };
    expect(keepMine(stale, {}, 'd')).toMatchObject({ path: '/results/7', body: { score: 40, updated_at: '2026-03-31T10:14:00.000Z' } });
  });
});
