import * as orphans from '../modules/orphans/orphans.writes.ts';
import { createWriteRegistry } from './write-procedure.ts';

/**
 * Every write procedure the server may run: each `<feature>.writes.ts` module, listed once. The
 * in-process writer and the writer thread both run from this registry and refuse anything else;
 * the server refuses to start when a procedure is defined outside it (app.ts), and a test checks
 * that every `*.writes.ts` file is listed here.
 */
export const writeRegistry = createWriteRegistry(import.meta.url, [orphans]);
