import { z } from "@medusajs/framework/zod"

/** `GET /admin/trade-credit/received-events?limit=&offset=`: the latest received first. */
export const ListReceivedEventsQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict()
export type ListReceivedEventsQuery = z.infer<typeof ListReceivedEventsQuery>
