import { PayloadError } from "./errors"
import { quote } from "../../utils/quote"

export type ReturnUrlOptions = {
  /** The path (and query) on the first storefront origin used when no return URL is given (default "/"). */
  defaultPath?: string
}

const reject = (returnUrl: string, why: string) =>
  new PayloadError("INVALID_RETURN_URL", `return_url "${quote(returnUrl)}" is not allowed: ${why}`, "return_url")

/** The origins as the URL parser spells them ("https://shop.example", no trailing slash, default port dropped). */
function normaliseOrigins(allowedOrigins: readonly string[]): string[] {
  // The same few configured origins on every call: parsed once per list.
  const key = allowedOrigins.join("\n")
  const known = normalisedOrigins.get(key)
  if (known) return known
  const origins = parseOrigins(allowedOrigins)
  if (normalisedOrigins.size >= 100) normalisedOrigins.clear()
  normalisedOrigins.set(key, origins)
  return origins
}

const normalisedOrigins = new Map<string, string[]>()

function parseOrigins(allowedOrigins: readonly string[]): string[] {
  const origins: string[] = []
  for (const entry of allowedOrigins) {
    try {
      const url = new URL(entry)
      if ((url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password) {
        origins.push(url.origin)
      }
    } catch {
      // Not an origin: never matches.
    }
  }
  return origins
}

/**
 * Where the service may send the buyer back to after verification. Only an
 * absolute http(s) URL whose origin (scheme, host and port) is exactly one of
 * the configured storefront origins is accepted, so the plugin is no open
 * redirect: `javascript:` and other schemes, protocol-relative `//evil.com`,
 * relative paths, user info (`https://shop.example@evil.com`), other ports and
 * subdomains are refused, as are whitespace, control characters and
 * backslashes (which parsers disagree on). The answer is the parsed,
 * normalised URL. Without a return URL: the first origin plus `defaultPath`
 * (given as the third argument, or as `{ defaultPath }`).
 */
export function resolveReturnUrl(
  returnUrl: string | null | undefined,
  allowedOrigins: readonly string[],
  defaultPathOrOptions: string | ReturnUrlOptions = {},
): string {
  const options =
    typeof defaultPathOrOptions === "string" ? { defaultPath: defaultPathOrOptions } : defaultPathOrOptions
  const origins = normaliseOrigins(allowedOrigins)
  if (origins.length === 0) {
    throw new PayloadError(
      "INVALID_RETURN_URL",
      "No storefront origin is configured (option storefrontUrls): the buyer cannot be sent back after verification",
      "return_url",
    )
  }
  if (returnUrl === undefined || returnUrl === null || returnUrl === "") {
    const path = options.defaultPath ?? "/"
    if (!path.startsWith("/") || path.startsWith("//") || /[\s\\]/.test(path)) {
      throw new PayloadError(
        "INVALID_RETURN_URL",
        `defaultPath "${quote(path)}" must be a path starting with one "/"`,
        "return_url",
      )
    }
    return new URL(path, `${origins[0]}/`).href
  }
  if (typeof returnUrl !== "string") throw reject(String(returnUrl), "it is not a string")
  if (returnUrl.length > 2048) throw reject(returnUrl, "it is longer than 2048 characters")
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(returnUrl)) {
    throw reject(returnUrl, "it contains whitespace, control characters or backslashes")
  }
  if (!/^https?:\/\/[^/]/i.test(returnUrl)) {
    throw reject(returnUrl, "it must be an absolute http(s) URL on the storefront")
  }
  let url: URL
  try {
    url = new URL(returnUrl)
  } catch {
    throw reject(returnUrl, "it is not a URL")
  }
  const authority = returnUrl.slice(returnUrl.indexOf("//") + 2).split(/[/?#]/, 1)[0]
  if (url.username || url.password || authority.includes("@")) {
    throw reject(returnUrl, "it carries user info")
  }
  if (!origins.includes(url.origin)) {
    throw reject(returnUrl, `its origin ${url.origin} is not one of the storefront origins (${origins.join(", ")})`)
  }
  return url.href
}
