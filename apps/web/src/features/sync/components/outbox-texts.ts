import type { OutboxKind, OutboxState } from '../../../lib/outbox/outbox-change.ts';

/** The texts (in the 'dashboard' namespace) for what the outbox holds: each kind, state and field a change can show. */
export const KIND_TEXT = {
  'attendance-month': 'sync.kinds.attendance-month',
  attendance: 'sync.kinds.attendance',
  result: 'sync.kinds.result',
} as const satisfies Record<OutboxKind, string>;

export const STATE_TEXT = {
  waiting: 'sync.states.waiting',
  rejected: 'sync.states.rejected',
  conflict: 'sync.states.conflict',
} as const satisfies Record<OutboxState, string>;

export const FIELD_TEXT = {
  present_days: 'sync.fields.present_days',
  absent_days: 'sync.fields.absent_days',
  late_days: 'sync.fields.late_days',
  excused_days: 'sync.fields.excused_days',
  absence_reasons: 'sync.fields.absence_reasons',
  notes: 'sync.fields.notes',
  score: 'sync.fields.score',
  average: 'sync.fields.average',
  total: 'sync.fields.total',
  grade: 'sync.fields.grade',
  ethics_score: 'sync.fields.ethics_score',
  uniform_score: 'sync.fields.uniform_score',
  relationship_score: 'sync.fields.relationship_score',
  assessed_by: 'sync.fields.assessed_by',
  remarks: 'sync.fields.remarks',
} as const;

export type EditableField = keyof typeof FIELD_TEXT;
export const isEditable = (field: string): field is EditableField => field in FIELD_TEXT;
