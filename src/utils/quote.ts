/** How much of a value a message quotes (characters). */
export const QUOTE_LENGTH = 64

// eslint-disable-next-line no-control-regex -- control characters are what a quote escapes
const UNSAFE = /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * A value as an error message may quote it (an id, a field name, a country): its first QUOTE_LENGTH characters,
 * then "…", with control characters and lone surrogates written as `\uXXXX`, so an answer never carries more
 * than a bounded piece of what the client sent, and is clean text. Every message of the plugin (routes, providers,
 * workflows) that echoes input goes through this.
 */
export function quote(value: unknown): string {
  const text = typeof value === "string" ? value : String(value)
  const head = Array.from(text.slice(0, QUOTE_LENGTH * 2 + 1))
    .slice(0, QUOTE_LENGTH)
    .join("")
  const escaped = head.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
  // Array.from counts a well-formed pair as one character, so a pair is never cut in two; only lone halves are escaped.
  return head.length < text.length ? `${escaped}…` : escaped
}
