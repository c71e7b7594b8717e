import { z } from 'zod';
import { zIsoDateTime } from './common.js';

/** `POST /keys` (201). The secret is shown only here. */
export const createdKeySchema = z.looseObject({
  key_id: z.string(),
  secret: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  created_at: zIsoDateTime,
  created_by: z.string().nullish(),
});
export type CreatedKey = z.infer<typeof createdKeySchema>;

/** KeyInfo: a key without its secret. */
export const keyInfoSchema = z.looseObject({
  key_id: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  created_at: zIsoDateTime,
  created_by: z.string().nullish(),
  last_used_at: zIsoDateTime.nullish(),
  is_active: z.boolean(),
  revoked_at: zIsoDateTime.nullish(),
});
export type KeyInfo = z.infer<typeof keyInfoSchema>;

/** `GET /keys`. */
export const keyListSchema = z.looseObject({
  keys: z.array(keyInfoSchema),
  total: z.number().int(),
  active: z.number().int(),
  revoked: z.number().int(),
});
export type KeyList = z.infer<typeof keyListSchema>;

/** `DELETE /keys/{key_id}`. */
export const revokedKeySchema = z.looseObject({
  key_id: z.string(),
  name: z.string(),
  revoked_at: zIsoDateTime,
  message: z.string(),
});
export type RevokedKey = z.infer<typeof revokedKeySchema>;
