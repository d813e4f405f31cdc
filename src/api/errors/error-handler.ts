import {
  errorHandler,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { buyerLanguageOf, translateBuyerText } from "../../utils/buyer-texts"
import { errorIds, logLine } from "../../utils/log-line"
import { pluginLoggerOf } from "../../medusa/plugin-logger"
import { answersErrorsOf } from "../utils/plugin-paths"
import { serviceFailureError } from "../utils/service-failure"
import { answerOfError } from "./answer"
import { cancelledVerificationOf } from "./cancelled-verification"
import { capEchoes } from "./quote"

const medusaErrorHandler = errorHandler()

/**
 * The error handler of the application (`errorHandler` of src/api/middlewares.ts: Medusa has one per application,
 * registered after every route). Errors of the plugin's paths are answered `{type, code, message}` with the
 * catalogue's status (answer.ts), including what only an error handler sees: Express's body parsers (malformed
 * JSON, too large) and Medusa's publishable key check, which run before any plugin middleware. Every other path goes
 * to Medusa's own error handler, unchanged.
 *
 * A buyer's text (a decline, the sole-trader states: utils/buyer-texts.ts) on a store route, the plugin's or
 * Medusa's, is answered in the request's `Accept-Language` (English, Norwegian, Swedish, Dutch, German), same code.
 *
 * One Medusa path gets the plugin's reading first: a cart completion refused because its trade credit order was
 * cancelled (cancelled-verification.ts), answered by Medusa's handler with the plugin's code.
 *
 * A project that defines its own `errorHandler` replaces this one (Medusa keeps the last it loads); it can hand the
 * plugin's paths to `tradeCreditErrorHandler` to keep their shape.
 */
export function tradeCreditErrorHandler(
  error: unknown,
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
) {
  if (res.headersSent) return medusaErrorHandler(error, req, res, next)
  if (!answersErrorsOf(req.path)) {
    return void cancelledVerificationOf(error, req).then(
      (translated) => medusaErrorHandler(inBuyerLanguage(translated ?? error, req, res), req, res, next),
      () => medusaErrorHandler(inBuyerLanguage(error, req, res), req, res, next),
    )
  }
  // A call to the service that no route turned into an answer: a buyer-safe refusal, the details logged below.
  const answer = answerOfError(serviceFailureError(error, "answer the request") ?? error, req)
  // Whoever wrote the message (a validator, the service's schema, Medusa), it quotes at most 64 characters of the
  // input.
  answer.body.message = capEchoes(answer.body.message, ...inputsOf(req))
  const logger = (req.scope ? pluginLoggerOf(req.scope) : undefined) ?? console
  const ids = { code: answer.body.code, trace_id: errorIds(error).trace_id }
  if (answer.status >= 500)
    logLine(
      logger,
      "error",
      `trade-credit: ${req.method} ${req.path} answered ${answer.status} ${answer.body.code}`,
      ids,
      error as Error,
    )
  else
    logLine(
      logger,
      "info",
      `trade-credit: ${req.method} ${req.path} answered ${answer.status} ${answer.body.code}: ${answer.body.message}`,
      ids,
    )
  const message = buyerMessage(answer.body.message, req, res)
  res
    .set(answer.headers)
    .status(answer.status)
    .json(message === answer.body.message ? answer.body : { ...answer.body, message })
}

/** What the client sent: the body, the query, the path parameters and the path itself. */
export function inputsOf(req: MedusaRequest): unknown[] {
  let path: string = req.path ?? ""
  try {
    path = decodeURIComponent(path)
  } catch {
    // The path as sent.
  }
  return [req.body, req.query, req.params, req.path, path]
}

/**
 * A buyer's text (utils/buyer-texts.ts) in the language of the request's `Accept-Language`, on store routes; any
 * other message as it is. The answer then varies by that header, and says its language.
 */
function buyerMessage(message: string, req: MedusaRequest, res: MedusaResponse): string {
  if (!req.path.startsWith("/store/")) return message
  res.vary("Accept-Language")
  const language = buyerLanguageOf(req)
  const translated = translateBuyerText(message, language)
  if (translated === undefined) return message
  res.set("Content-Language", language)
  return translated
}

/** A MedusaError of a store route whose message is a buyer's text, in the buyer's language (the same type and code). */
function inBuyerLanguage(error: unknown, req: MedusaRequest, res: MedusaResponse): unknown {
  if (!MedusaError.isMedusaError(error)) return error
  const medusaError = error as MedusaError
  const message = buyerMessage(medusaError.message, req, res)
  return message === medusaError.message ? error : new MedusaError(medusaError.type, message, medusaError.code)
}
