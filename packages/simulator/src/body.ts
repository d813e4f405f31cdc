import type { NextFunction, Request, Response } from "express"
import { ServiceError, schemaError, sendError } from "./errors"
import { isMultipart, multipartBody } from "./registration/multipart"

const LIMIT_BYTES = 1_000_000

/**
 * Reads a JSON body. Unlike express.json it tells "no body" (req.body is
 * undefined) from an empty object, which the fulfil and refund routes need.
 * A non-empty body must be JSON with a JSON content type.
 */
export function jsonBody() {
  return (req: Request, res: Response, next: NextFunction) => {
    req.body = undefined
    if (req.method === "GET" || req.method === "HEAD") return next()
    if (isMultipart(req)) return multipartBody(req, res, next)
    const chunks: Buffer[] = []
    let size = 0
    let failed = false
    req.on("data", (chunk: Buffer) => {
      if (failed) return
      size += chunk.length
      if (size > LIMIT_BYTES) {
        failed = true
        sendError(res, new ServiceError(413, "SCHEMA_ERROR", "The body is larger than 1 MB"))
        return
      }
      chunks.push(chunk)
    })
    req.on("error", (error) => {
      if (!failed) next(error)
      failed = true
    })
    req.on("end", () => {
      if (failed) return
      if (size === 0) return next()
      const type = req.get("content-type") ?? ""
      if (!/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
        return sendError(res, schemaError("Content-Type must be application/json"))
      }
      try {
        req.body = JSON.parse(Buffer.concat(chunks, size).toString("utf8"))
      } catch (error) {
        return sendError(
          res,
          schemaError("The body is not valid JSON", [
            { loc: ["body"], msg: error instanceof Error ? error.message : "invalid JSON", type: "json_invalid" },
          ]),
        )
      }
      next()
    })
  }
}
