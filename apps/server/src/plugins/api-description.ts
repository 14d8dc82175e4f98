
/**
 * What a generated client needs of the OpenAPI document beyond what the routes declare, filled in
 * one place so no route repeats it: every operation named (an `operationId` a route may set
 * itself, otherwise one made from its method and path: GET /api/orphans/{id} is
 * getOrphansById), every tag declared, a server and a contact, and the signed-file wildcard
 * (`/storage/*`, which OpenAPI cannot express) written as a named path parameter.
 */

/** The parts of an OpenAPI 3 document this reads and writes; the rest passes through as it is. */
interface Parameter {
  name: string;
  in: string;
  description?: string;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  parameters?: Parameter[];
}
type PathItem = Partial<Record<(typeof METHODS)[number], Operation>>;
interface Tag {
  name: string;
  description?: string;
}
export interface OpenApiDocument {
  info: { title: string; version: string; contact?: { name?: string; url?: string } };
  servers?: { url: string }[];
  tags?: Tag[];
  paths?: Record<string, PathItem | undefined>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const WILDCARD = '{*}';
const WILDCARD_NAME = 'key';

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** getOrphansById, postAuthLogin, getOrphansByIdAttendanceSummary: stable while the path is. */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((part) => part && part !== 'api')
    .map((part) => {
      const param = /^\{(.+)\}$/.exec(part)?.[1];
      return param ? `By${capital(param === '*' ? WILDCARD_NAME : param)}` : part.split(/[^A-Za-z0-9]+/).filter(Boolean).map(capital).join('');
    });
  return method.toLowerCase() + words.join('');
}

export function describeForTools<D extends OpenApiDocument>(document: D, serverUrl: string): D {
  const paths: Record<string, PathItem> = {};
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item) continue;
    const named = path.replace(WILDCARD, `{${WILDCARD_NAME}}`);
    const copy: PathItem = { ...item };
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.tags?.forEach((tag) => tags.add(tag));
      copy[method] = {
        ...operation,
        operationId: operation.operationId ?? operationIdFor(method, path),
        parameters: operation.parameters?.map((p) =>
          p.in === 'path' && p.name === '*' ? { ...p, name: WILDCARD_NAME, description: p.description ?? 'The stored file, as its signed URL names it.' } : p,
        ),
      };
    }
    paths[named] = copy;
  }
  const declared = new Map((document.tags ?? []).map((t) => [t.name, t]));
  for (const name of tags) if (!declared.has(name)) declared.set(name, { name });
  return {
    ...document,
    info: { ...document.info, contact: document.info.contact ?? { name: 'The administrators of this server', url: serverUrl } },
    servers: document.servers?.length ? document.servers : [{ url: serverUrl }],
    tags: [...declared.values()].sort((a, b) => a.name.localeCompare(b.name)),
    paths,
  };
}
