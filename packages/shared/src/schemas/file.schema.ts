import { z } from 'zod';

/**
 * A file answered as it is stored (signed file URLs): bytes, not JSON. Routes that answer one
 * also list its content types (`produces`), which is what the API docs show.
 */
export const fileResponseSchema = z.string().meta({ format: 'binary', description: 'The file, as stored.' });
