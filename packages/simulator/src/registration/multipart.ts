import { createHash } from "node:crypto"
import type { NextFunction, Request, Response } from "express"
import { EVIDENCE_MAX_BYTES } from "../contract/registration"
import { ServiceError, schemaError, sendError } from "../errors"

/** Room for the multipart envelope around a file of EVIDENCE_MAX_BYTES. */
const ENVELOPE_BYTES = 64 * 1024

export type MultipartUpload = { fileName: string; contentType: string; data: Buffer }

export const isMultipart = (req: Request) => /^multipart\/form-data\b/i.test(req.get("content-type") ?? "")

/** The file of field `file` that `multipartBody` read, if any. */
export function uploadOf(res: Response): MultipartUpload | undefined {
  return res.locals.upload as MultipartUpload | undefined
}

const tooLarge = () =>
  new ServiceError(413, "SCHEMA_ERROR", `The file is larger than ${EVIDENCE_MAX_BYTES / (1024 * 1024)} MB`, null, [
    { loc: ["body", "file"], msg: "file too large", type: "file_too_large" },
  ])

/**
 * Reads a multipart/form-data body (evidence upload) instead of JSON: at most
 * 10 MB of file plus its envelope (413 beyond). The file of field `file` goes
 * to `res.locals.upload`; `req.body` gets a summary of it (name, type, size,
 * sha256), so the request log and the idempotency fingerprint see what was
 * sent without the bytes.
 */
export function multipartBody(req: Request, res: Response, next: NextFunction): void {
  const chunks: Buffer[] = []
  let size = 0
  let failed = false
  req.on("data", (chunk: Buffer) => {
    if (failed) return
    size += chunk.length
    if (size > EVIDENCE_MAX_BYTES + ENVELOPE_BYTES) {
      failed = true
      sendError(res, tooLarge())
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
    const raw = Buffer.concat(chunks, size)
    void new Request("http://simulator.invalid/upload", {
      method: "POST",
      headers: { "content-type": req.get("content-type") ?? "" },
      body: raw,
    })
      .formData()
      .then(async (form) => {
        const file = form.get("file")
        req.body = {}
        if (file && typeof file !== "string") {
          const data = Buffer.from(await file.arrayBuffer())
          if (data.length > EVIDENCE_MAX_BYTES) return sendError(res, tooLarge())
          const upload: MultipartUpload = {
            fileName: file.name || "file",
            contentType: (file.type || "").toLowerCase(),
            data,
          }
          res.locals.upload = upload
          req.body = {
            file: {
              file_name: upload.fileName,
              content_type: upload.contentType,
              size: data.length,
              sha256: createHash("sha256").update(data).digest("hex"),
            },
          }
        }
        next()
      })
      .catch(() => sendError(res, schemaError("The body is not valid multipart/form-data")))
  })
}
