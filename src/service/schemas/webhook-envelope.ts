import { z } from "@medusajs/framework/zod"

/** A field the plugin never reads from an event: any string, null or absent. */
export const unread = () => z.string().nullable().optional()

/**
 * The envelope every event shares (contract section 7): `{id, specversion, source, type, time, data}`. `specversion`
 * and `source` are read when present and not required, so an older delivery still parses.
 */
export const Envelope = {
  id: z.string(),
  specversion: unread(),
  source: unread(),
  time: z.string(),
}
