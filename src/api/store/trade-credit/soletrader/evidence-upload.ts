import { createRequire } from "node:module"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { EVIDENCE_MAX_BYTES } from "../../../../service/schemas/registration"
import { Codes } from "../../../errors/codes"
import { RouteError } from "../../../errors/route-error"

/**
 * multer: Medusa's own multipart parser, a dependency of @medusajs/medusa (the
 * store's, resolved from Medusa's own folder, so the plugin ships no copy). It
 * has no bundled types; this is the part of its API used here.
 */
type MulterFile = { fieldname: string; originalname: string; mimetype: string; size: number; buffer: Buffer }
type MulterError = Error & { code?: string; field?: string }
type Multer = ((options: { storage: unknown; limits: Record<string, number> }) => {
  single: (field: string) => (req: MedusaRequest, res: MedusaResponse, next: (error?: unknown) => void) => void
}) & { memoryStorage: () => unknown }
const multer: Multer = createRequire(require.resolve("@medusajs/medusa/package.json"))("multer")

export const EVIDENCE_FIELD = "file"

/** One file in field `file`, at most 10 MB, held in memory; any other part is refused. */
const single = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
}).single(EVIDENCE_FIELD)

/** The content type a file's first bytes show: PDF, PNG or JPEG, else undefined. */
export function sniffEvidenceType(data: Buffer): "application/pdf" | "image/png" | "image/jpeg" | undefined {
  if (data.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf"
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png"
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg"
  return undefined
}

export type EvidenceFile = { fileName: string; contentType: string; data: Buffer }

/**
 * Reads the evidence of a multipart request (bounded: the parser stops at 10 MB
 * and one part). Too large: 413 TRADE_CREDIT_EVIDENCE_TOO_LARGE; not a PDF,
 * PNG or JPEG (by its bytes, not its name): 415 TRADE_CREDIT_EVIDENCE_TYPE; no
 * file: 400 TRADE_CREDIT_EVIDENCE_MISSING.
 */
export async function readEvidence(req: MedusaRequest, res: MedusaResponse): Promise<EvidenceFile> {
  if (!/^multipart\/form-data/i.test(String(req.headers["content-type"] ?? ""))) {
    throw new RouteError(
      Codes.TRADE_CREDIT_EVIDENCE_TYPE,
      `Send the evidence as multipart/form-data with the file in the field "${EVIDENCE_FIELD}"`,
    )
  }
  await new Promise<void>((resolve, reject) =>
    single(req, res, (error?: unknown) => {
      if (!error) return resolve()
      const code = (error as MulterError).code
      if (code === "LIMIT_FILE_SIZE") {
        return reject(
          new RouteError(
            Codes.TRADE_CREDIT_EVIDENCE_TOO_LARGE,
            `The evidence file is larger than ${EVIDENCE_MAX_BYTES / (1024 * 1024)} MB`,
          ),
        )
      }
      if (code?.startsWith("LIMIT_")) {
        return reject(
          new RouteError(
            Codes.TRADE_CREDIT_EVIDENCE_MISSING,
            `Send exactly one file, in the multipart field "${EVIDENCE_FIELD}", and nothing else (${code})`,
          ),
        )
      }
      reject(
        new RouteError(
          Codes.TRADE_CREDIT_EVIDENCE_MISSING,
          `The multipart body could not be read: ${(error as Error).message}`,
        ),
      )
    }),
  )
  const file = (req as MedusaRequest & { file?: MulterFile }).file
  if (!file || !file.size)
    throw new RouteError(Codes.TRADE_CREDIT_EVIDENCE_MISSING, `No file in the multipart field "${EVIDENCE_FIELD}"`)
  const contentType = sniffEvidenceType(file.buffer)
  if (!contentType) {
    throw new RouteError(Codes.TRADE_CREDIT_EVIDENCE_TYPE, "The evidence must be a PDF, PNG or JPEG file")
  }
  const fileName = (file.originalname || "evidence").replace(/[^\w.\- ]+/g, "_").slice(0, 200)
  return { fileName, contentType, data: file.buffer }
}
