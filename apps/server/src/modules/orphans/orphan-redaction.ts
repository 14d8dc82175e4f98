import { can, type AccessSubject } from '@app/shared/permissions';
import { ORPHAN_MESSAGES } from '@app/shared/schemas/orphan.schema';
import { SENSITIVE_FIELDS, SENSITIVITY_CLASSES, editPermissionOf, viewPermissionOf, type SensitivityClass } from '@app/shared/sensitivity';
import { AppError } from '../../lib/app-error.ts';

/**
 * Need to know, the one rule: which classes of a child's sensitive fields (shared/sensitivity.ts)
 * a user sees, and the answer without the others. Every answer that carries child data passes its
 * child through `redactChild` with the classes of `viewableClasses`, so a field of a hidden class
 * is absent from the bytes sent, not merely blank. Whatever later narrows what anyone sees (a
 * lockdown) narrows `viewableClasses`, and every answer follows.
 */
export type Viewable = ReadonlySet<SensitivityClass>;

export function viewableClasses(user: AccessSubject | null | undefined): Viewable {
  return new Set(SENSITIVITY_CLASSES.filter((c) => can(user, viewPermissionOf(c))));
}

/** The classes the user may not see, in the map's order (the details answer names them). */
export function hiddenClasses(viewable: Viewable): SensitivityClass[] {
  return SENSITIVITY_CLASSES.filter((c) => !viewable.has(c));
}

/** Does the user see this field (a base field always)? */
export function showsField(viewable: Viewable, field: string): boolean {
  const cls = (SENSITIVE_FIELDS as Record<string, SensitivityClass>)[field];
  return !cls || viewable.has(cls);
}

// The fields, and the parts of fields (`profile.special_needs`), of each class.
const TOP: Array<[string, SensitivityClass]> = [];
const PARTS: Array<[string, string, SensitivityClass]> = [];
for (const [name, cls] of Object.entries(SENSITIVE_FIELDS) as Array<[string, SensitivityClass]>) {
  const dot = name.indexOf('.');
  if (dot < 0) TOP.push([name, cls]);
  else PARTS.push([name.slice(0, dot), name.slice(dot + 1), cls]);
}

/**
 * A child (or a row naming one) without the fields of the classes the user may not see. Only the
 * keys it has are touched; a new object is returned, the given one is left as it was.
 */
export function redactChild<T extends object>(child: T, viewable: Viewable): T {
  if (viewable.size === SENSITIVITY_CLASSES.length) return child;
  const out: Record<string, unknown> = { ...(child as Record<string, unknown>) };
  for (const [field, cls] of TOP) if (!viewable.has(cls)) delete out[field];
  for (const [field, part, cls] of PARTS) {
    const value = out[field];
    if (viewable.has(cls) || value === null || typeof value !== 'object') continue;
    const rest: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    delete rest[part];
    // A value left with nothing in it is no value at all, as the record answers an empty one.
    out[field] = Object.values(rest).some((v) => v !== null && v !== undefined && v !== '') ? rest : null;
  }
  return out as T;
}

/** The names of the fields of classes the user may not see, among those of a request or a change. */
export function hiddenFieldsAmong(names: Iterable<string>, viewable: Viewable): string[] {
  return [...names].filter((n) => !showsField(viewable, n));
}

/**
 * A write of a field of a class the user may not edit is refused whole (422 naming each such
 * field), never stored in part: a write is a value given other than the one stored (nothing, for
 * a new child), so a form sending back what it read, or leaving the field out (it never showed
 * it), writes nothing. What the user may not edit keeps its stored value, since an update
 * otherwise replaces the whole record, and a field left out would be cleared. `data` and `current` are
 * the record's fields as parsed from the request and as answered from the row.
 */
export function keepUneditable<D extends Record<string, unknown>>(user: AccessSubject, data: D, current: Record<string, unknown> | null): D {
  const editable = editableClasses(user);
  if (editable.size === SENSITIVITY_CLASSES.length) return data;
  const errors: Record<string, string[]> = {};
  const out: Record<string, unknown> = { ...data };
  for (const [name, cls] of TOP) {
    if (editable.has(cls)) continue;
    const stored = current?.[name] ?? undefined;
    if (data[name] !== undefined && !same(data[name], stored)) errors[name] = [ORPHAN_MESSAGES.fieldNotEditable];
    out[name] = stored;
  }
  for (const [field, part, cls] of PARTS) {
    if (editable.has(cls)) continue;
    const given = (data[field] as Record<string, unknown> | undefined)?.[part];
    const stored = (current?.[field] as Record<string, unknown> | null | undefined)?.[part] ?? undefined;
    if (given !== undefined && given !== null && !same(given, stored)) errors[`${field}.${part}`] = [ORPHAN_MESSAGES.fieldNotEditable];
    const rest = { ...((out[field] as Record<string, unknown> | undefined) ?? {}), [part]: stored };
    out[field] = Object.values(rest).some((v) => v !== null && v !== undefined) ? rest : undefined;
  }
  if (Object.keys(errors).length) throw AppError.validationMany(errors);
  return out as D;
}

function editableClasses(user: AccessSubject): ReadonlySet<SensitivityClass> {
  return new Set(SENSITIVITY_CLASSES.filter((c) => can(user, editPermissionOf(c))));
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * For the answers of another feature that embed a child (a result, an attendance month naming
 * its child's father): a hook leaving out, wherever they appear in the answer, those of `fields`
 * the user may not view. Only the named keys are touched, so a record's own field of the same
 * name elsewhere is safe by not being named.
 */
export function childFieldsHook(fields: readonly string[]) {
  return async (request: { user?: AccessSubject | null }, _reply: unknown, payload: unknown): Promise<unknown> => {
    const hidden = hiddenFieldsAmong(fields, viewableClasses(request.user));
    return hidden.length ? without(payload, hidden) : payload;
  };
}

function without(value: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => without(v, keys));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!keys.includes(k)) out[k] = without(v, keys);
  return out;
}
