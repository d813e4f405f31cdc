import { randomBytes } from "node:crypto"
import { invalidRequest } from "./errors"

export type FilePart = { fileName: string; contentType: string; data: Buffer | Uint8Array }

const quote = (value: string) =>
  value.replace(/["\\\r\n]/g, (c) => ({ '"': "%22", "\\": "%5C", "\r": "%0D", "\n": "%0A" })[c] as string)

/**
 * A multipart/form-data body with one file field (RFC 7578), built once so
 * every retry sends the same bytes. The file name is quoted with its quotes,
 * backslashes and line breaks percent-encoded, as browsers do.
 */
export function multipartFile(field: string, file: FilePart): { contentType: string; data: Buffer } {
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(file.contentType))
    throw invalidRequest(`Content type "${file.contentType}" is malformed`)
  if (!file.fileName || file.fileName.length > 255) throw invalidRequest("A file name must be 1 to 255 characters")
  const boundary = `----trade-credit-${randomBytes(12).toString("hex")}`
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${quote(field)}"; filename="${quote(file.fileName)}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
    "utf8",
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, "utf8")
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    data: Buffer.concat([head, Buffer.from(file.data), tail]),
  }
}
