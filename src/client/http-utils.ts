import type { IncomingHttpHeaders } from "node:http"
import { z } from "@medusajs/framework/zod"
import { invalidRequest } from "./errors"

/** Small HTTP helpers of the transport and the modules. */

export type QueryValue = string | number | boolean | null | undefined
export type ResponseHeaders = Record<string, string>

/** A URL path with every interpolated segment percent-encoded: urlPath`/v1/order/${id}/confirm`. */
export function urlPath(strings: TemplateStringsArray, ...segments: string[]): string {
  let out = strings[0]
  segments.forEach((segment, index) => {
    if (typeof segment !== "string" || segment.length === 0 || segment.length > 1000) {
      throw invalidRequest(`A path segment must be a non-empty string of at most 1000 characters`)
    }
    if (segment === "." || segment === "..") {
      throw invalidRequest(`A path segment cannot be "." or ".."`)
    }
    out += encodeURIComponent(segment) + strings[index + 1]
  })
  return out
}

/** "?a=1&b=x" from the defined values, "" when there are none. */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return ""
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    params.append(name, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ""
}

/** Lower-case names, one string per header. */
export function flattenHeaders(headers: IncomingHttpHeaders): ResponseHeaders {
  const out: ResponseHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value)
  }
  return out
}

/** "application/pdf" from "application/pdf; name=x". */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase()
}

/** The first zod issue as "line_items[0].net_amount: message". */
export function describeZodIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return "(root): invalid"
  const where = issue.path.length
    ? issue.path
        .map((part, index) =>
          typeof part === "number" ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`,
        )
        .join("")
    : "(root)"
  return `${where}: ${issue.message}`
}
