import type { IncomingMessage } from "node:http"

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the body is larger than ${limit} bytes`)
  }
}

/** The request's raw body, refused (and the rest discarded) once it passes `limit` bytes. */
export function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"])
  if (Number.isFinite(declared) && declared > limit) {
    req.resume()
    return Promise.reject(new BodyTooLargeError(limit))
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    req.on("data", (chunk: Buffer) => {
      if (done) return
      size += chunk.length
      if (size > limit) {
        done = true
        chunks.length = 0
        reject(new BodyTooLargeError(limit))
        return
      }
      chunks.push(chunk)
    })
    req.on("end", () => {
      if (!done) {
        done = true
        resolve(Buffer.concat(chunks))
      }
    })
    req.on("error", (error) => {
      if (!done) {
        done = true
        reject(error)
      }
    })
  })
}
