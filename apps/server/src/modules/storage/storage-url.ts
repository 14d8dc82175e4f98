/**
 * Where files live when they are not on this machine's disk: an S3-compatible bucket, named by
 * STORAGE_URL as `s3://bucket/prefix?endpoint=http://host:9000&region=eu-central-1&force_path_style=1`.
 * Credentials are not part of it (a URL ends up in logs and shell histories): they come from the
 * standard AWS variables, or, without them, from the AWS SDK's usual chain (profile, instance role).
 */
export interface S3Location {
  bucket: string;
  /** Every object's key starts with it (no leading or trailing '/'; empty for the whole bucket). */
  prefix: string;
  /** The server's address; unset: AWS itself for the region. */
  endpoint?: string;
  region: string;
  /** Bucket in the path (`http://host/bucket/key`), as MinIO, Garage and most self-hosted servers want. */
  forcePathStyle: boolean;
  /** From AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN) when both are set. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const OPTIONS = new Set(['endpoint', 'region', 'force_path_style']);

/** The location STORAGE_URL names, or the reason it names none (for the variable's error line). */
export function parseStorageUrl(value: string, env: NodeJS.ProcessEnv): S3Location | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL like s3://bucket/prefix?endpoint=http://127.0.0.1:9000&region=us-east-1&force_path_style=1';
  }
  if (url.protocol !== 's3:') return 'must start with s3:// (files on this machine: set STORAGE_DIR instead)';
  if (url.username || url.password) return 'must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY';
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) return `names no valid bucket ('${bucket}'): 3 to 63 lower-case letters, digits, '.' or '-'`;
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix && !prefix.split('/').every((s) => PREFIX_SEGMENT.test(s))) return `has a prefix ('${prefix}') that is not letters, digits, '_', '.' and '-' between '/'`;
  for (const name of url.searchParams.keys()) if (!OPTIONS.has(name)) return `has an unknown option '${name}' (known: ${[...OPTIONS].join(', ')})`;
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) return `has an endpoint ('${endpoint}') that is not http(s)://host[:port]`;
  const pathStyle = url.searchParams.get('force_path_style') ?? '0';
  if (!['0', '1', 'true', 'false'].includes(pathStyle)) return 'has force_path_style other than 1 or 0';
  const region = url.searchParams.get('region') || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1';
  const accessKeyId = env.AWS_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey) return 'needs both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (the AWS SDK then looks for a profile or a role)';
  return {
    bucket,
    prefix,
    endpoint: endpoint?.replace(/\/$/, ''),
    region,
    forcePathStyle: pathStyle === '1' || pathStyle === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, sessionToken: env.AWS_SESSION_TOKEN || undefined } : undefined,
  };
}

/** The location for messages and logs: never the credentials. */
export const describeLocation = (l: S3Location): string => `s3://${l.bucket}/${l.prefix}${l.endpoint ? ` at ${l.endpoint}` : ''}`;
