import { z } from "@medusajs/framework/zod"
import {
  EVIDENCE_CONTENT_TYPES,
  EVIDENCE_MAX_BYTES,
  type Business,
  EmptyAnswer,
  Evidence,
  Proposal,
  ProposalCreateBody,
  type ProposalCreateInput,
  RegistryDelegationRequest,
  ReturningBuyerCodeRequest,
  type SubmissionAnswer,
  submissionAnswerOf,
  type SubmissionRequest,
  SubmissionRequest as SubmissionRequestSchema,
  ReturningBuyerMatches,
  ReturningBuyerVerificationRequest,
  ReturningBuyerVerificationResult,
} from "../service/schemas/registration"
import { Email } from "../service/schemas/common"
import { type MaybeToken, isNotFound, tokenFromAnswer } from "./delegation"
import { invalidRequest } from "./errors"
import { urlPath } from "./http-utils"
import { multipartFile } from "./multipart"
import type { Transport } from "./transport"
import { type Idempotent, validateRequest } from "./validate"

export type RegistryDelegationInput = z.input<typeof RegistryDelegationRequest>
export type ReturningBuyerCodeInput = z.input<typeof ReturningBuyerCodeRequest>
export type EvidenceFile = { fileName: string; contentType: string; data: Buffer | Uint8Array }
export type ReturningBuyerVerification = ReturningBuyerVerificationResult & {
  /** The token of the matches endpoint (header Service-Delegated-Authority-Token), null when none came. */
  matchesToken: string | null
}

/** Shown in logs and errors instead of the matches path, which holds an email. */
const MATCHES_LOG_PATH = "/proposal/returning-buyer/matches/{email}"

/**
 * Business registration (contract section 5): delegation tokens for the
 * signup popup, returning-buyer verification by email code and its matches,
 * and sole-trader proposals with their evidence. Calls take the API key,
 * or a delegation token where `token` is given (then the token alone, never
 * the key, is sent: the call has only the token's flags, 403 beyond them).
 * Emails travel in bodies, never in a logged path or query.
 *
 * Errors are TradeCreditError: 400 SCHEMA_ERROR (a wrong code, a country other
 * than GB or US), 401 (token expired or unknown), 403 FORBIDDEN (a token
 * beyond its flags), 409 INVALID_STATE (a move the proposal's status forbids),
 * 429 RATE_LIMITED with `retryAfterMs` (an email locked after wrong codes).
 */
export class RegistryClient {
  readonly #transport: Transport

  constructor(transport: Transport) {
    this.#transport = transport
  }

  /** POST /registry/v1/delegation (API key) → 200 `{}`: a token with the flags asked for, valid one hour. */
  async createDelegationToken(
    body: RegistryDelegationInput,
    { idempotencyKey }: Idempotent,
  ): Promise<{ token: string }> {
    const valid = validateRequest(RegistryDelegationRequest, body, "registry delegation")
    const answer = await this.#transport.request(
      { method: "POST", path: "/registry/v1/delegation", body: valid, idempotencyKey },
      EmptyAnswer,
    )
    return { token: tokenFromAnswer(answer, "POST /registry/v1/delegation") }
  }

  /** POST /proposal/returning-buyer/verification: a code is sent (found) or no business has this email (404 → found:
   * false). */
  async requestReturningBuyerCode(email: string, opts: Idempotent & MaybeToken): Promise<{ found: boolean }> {
    const valid = validateRequest(ReturningBuyerVerificationRequest, { email }, "returning-buyer verification")
    try {
      await this.#transport.request(
        {
          method: "POST",
          path: "/proposal/returning-buyer/verification",
          body: valid,
          idempotencyKey: opts.idempotencyKey,
          delegationToken: opts.token,
        },
        EmptyAnswer,
      )
      return { found: true }
    } catch (error) {
      if (isNotFound(error)) return { found: false }
      throw error
    }
  }

  /**
   * PATCH /proposal/returning-buyer/verification: the business and how many
   * businesses the email has, with the matches token. A wrong code is 400; the
   * fifth, and every call during the next 15 minutes, 429 with Retry-After.
   * Use a new Idempotency-Key for each code the buyer types.
   */
  async verifyReturningBuyerCode(
    body: ReturningBuyerCodeInput,
    opts: Idempotent & MaybeToken,
  ): Promise<ReturningBuyerVerification> {
    const valid = validateRequest(ReturningBuyerCodeRequest, body, "returning-buyer code")
    const answer = await this.#transport.request(
      {
        method: "PATCH",
        path: "/proposal/returning-buyer/verification",
        body: valid,
        idempotencyKey: opts.idempotencyKey,
        delegationToken: opts.token,
      },
      ReturningBuyerVerificationResult,
    )
    return { ...answer.data, matchesToken: answer.headers["service-delegated-authority-token"] ?? null }
  }

  /** GET /proposal/returning-buyer/matches/{email} with the matches token: every business linked to the email. */
  async listMatches(email: string, matchesToken: string): Promise<Business[]> {
    const valid = validateRequest(Email, email, "returning-buyer matches")
    const { data } = await this.#transport.request(
      {
        method: "GET",
        path: urlPath`/proposal/returning-buyer/matches/${valid}`,
        logPath: MATCHES_LOG_PATH,
        delegationToken: matchesToken,
      },
      ReturningBuyerMatches,
    )
    return data.items
  }

  /** POST /registry/v1/proposal → 202, the proposal, DRAFT. Only GB and US sole traders (refused before sending
   * otherwise). */
  async createProposal(body: ProposalCreateInput, opts: Idempotent & MaybeToken): Promise<Proposal> {
    const valid = validateRequest(ProposalCreateBody, body, "proposal")
    const { data } = await this.#transport.request(
      {
        method: "POST",
        path: "/registry/v1/proposal",
        body: valid,
        idempotencyKey: opts.idempotencyKey,
        delegationToken: opts.token,
      },
      Proposal,
    )
    return data
  }

  /**
   * POST /registry/v1/proposal/{id}/evidence (multipart, field `file`): only
   * while DRAFT (409 otherwise). PDF, PNG or JPEG of at most 10 MB, refused
   * before sending otherwise.
   */
  async uploadEvidence(proposalId: string, file: EvidenceFile, opts: Idempotent & MaybeToken): Promise<Evidence> {
    const contentType = file.contentType.toLowerCase()
    if (!(EVIDENCE_CONTENT_TYPES as readonly string[]).includes(contentType)) {
      throw invalidRequest(
        `Trade credit evidence: the file must be ${EVIDENCE_CONTENT_TYPES.join(", ")}; got "${file.contentType}"`,
      )
    }
    if (file.data.length === 0 || file.data.length > EVIDENCE_MAX_BYTES) {
      throw invalidRequest(
        `Trade credit evidence: the file must be 1 byte to ${EVIDENCE_MAX_BYTES} bytes; got ${file.data.length}`,
      )
    }
    const { data } = await this.#transport.request(
      {
        method: "POST",
        path: urlPath`/registry/v1/proposal/${proposalId}/evidence`,
        rawBody: multipartFile("file", { ...file, contentType }),
        idempotencyKey: opts.idempotencyKey,
        delegationToken: opts.token,
      },
      Evidence,
    )
    return data
  }

  /**
   * POST /registry/v1/proposal/{id}/submission: DRAFT → SUBMITTED (409 from any other status). The answer is
   * `{initiation_method, proposal_id, redirect_url}` (SKIP, EMAIL or REDIRECT), not the proposal: read it with
   * `getProposal` to follow it.
   */
  async submitProposal(
    proposalId: string,
    opts: Idempotent & MaybeToken & { body?: SubmissionRequest },
  ): Promise<SubmissionAnswer> {
    const body =
      opts.body === undefined ? undefined : validateRequest(SubmissionRequestSchema, opts.body, "proposal submission")
    const { data } = await this.#transport.request(
      {
        method: "POST",
        path: urlPath`/registry/v1/proposal/${proposalId}/submission`,
        body,
        idempotencyKey: opts.idempotencyKey,
        delegationToken: opts.token,
      },
      submissionAnswerOf(proposalId),
    )
    return data
  }

  /** DELETE /registry/v1/proposal/{id}: SUBMITTED or IN_REVIEW → WITHDRAWN (409 from any other status, explained). */
  async withdrawProposal(proposalId: string, opts: Idempotent & MaybeToken): Promise<Proposal> {
    const { data } = await this.#transport.request(
      {
        method: "DELETE",
        path: urlPath`/registry/v1/proposal/${proposalId}`,
        idempotencyKey: opts.idempotencyKey,
        delegationToken: opts.token,
      },
      Proposal,
    )
    return data
  }

  /** GET /registry/v1/proposal/{id}: at ACCEPTED `enrolled_business` holds the organization number. */
  async getProposal(proposalId: string, opts: MaybeToken = {}): Promise<Proposal> {
    const { data } = await this.#transport.request(
      { method: "GET", path: urlPath`/registry/v1/proposal/${proposalId}`, delegationToken: opts.token },
      Proposal,
    )
    return data
  }
}
