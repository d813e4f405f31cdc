/**
 * True for an absolute http: or https: URL with a host (what a browser can open
 * from an invoice or the service's portal). Relative paths, data:, javascript:
 * and other schemes are not.
 */
export function isAbsoluteHttpUrl(value: string | null | undefined): value is string {
  if (!value || /[\s\\]/.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== ""
  } catch {
    return false
  }
}
