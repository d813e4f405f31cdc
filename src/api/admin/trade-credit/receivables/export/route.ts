import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { receivablesCsv } from "../../../../../use-cases/receivables-csv"
import { adminDepsOf } from "../../admin-deps"
import type { ExportReceivablesQuery } from "../validators"

/**
 * `GET /admin/trade-credit/receivables/export`: every document the list's filters select, as CSV (a header row,
 * exact decimal amounts, ISO 8601 times), sent as it is read, after a UTF-8 byte order mark (without it, Excel reads a
 * Nordic company name as Latin-1). A failure before the first rows is the plugin's JSON
 * error; one later ends the download short (its headers are sent by then).
 */
export async function GET(req: MedusaRequest<unknown, ExportReceivablesQuery>, res: MedusaResponse) {
  const now = new Date()
  const chunks = receivablesCsv(adminDepsOf(req), req.validatedQuery, now)
  const first = await chunks.next()
  res.status(200)
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader("Content-Disposition", `attachment; filename="receivables-${now.toISOString().slice(0, 10)}.csv"`)
  res.setHeader("Cache-Control", "private, no-store")
  res.write("\uFEFF")
  if (!first.done) res.write(first.value)
  try {
    for await (const chunk of chunks) res.write(chunk)
  } catch (error) {
    res.destroy(error as Error)
    return
  }
  res.end()
}
