import { QUOTE_LENGTH, quote } from "../../utils/quote"

export { QUOTE_LENGTH, quote }

/** At most this many characters of input are searched for echoes (a body is at most Medusa's 100 KB anyway). */
const MAX_SEARCHED = 2_000_000

/**
 * `message` with every echo of the request's input cut to a quote (issue #36): wherever it repeats more than
 * QUOTE_LENGTH consecutive characters of a string of `inputs` (a body, a query, path parameters: keys and values,
 * at any depth; as sent or as JSON escapes it), that stretch is replaced by its first QUOTE_LENGTH characters and "…",
 * escaped as `quote` escapes them. An error message then quotes at most QUOTE_LENGTH characters of anything the
 * client sent, wherever the message was made (the plugin's validators, the service's schemas, Medusa's validator
 * writing `got: '<value>'`). Messages and inputs without a string over QUOTE_LENGTH characters are returned as
 * they are, without a search.
 */
export function capEchoes(message: string, ...inputs: unknown[]): string {
  if (message.length <= QUOTE_LENGTH) return message
  const texts = longStrings(inputs)
  if (!texts.length) return message
  const width = QUOTE_LENGTH + 1
  // Every window of `width` characters of the message, by its text; then which of them some input holds.
  const windows = new Map<string, number[]>()
  for (let i = 0; i + width <= message.length; i++) {
    const window = message.slice(i, i + width)
    const at = windows.get(window)
    if (at) at.push(i)
    else windows.set(window, [i])
  }
  const echoed = new Uint8Array(message.length)
  let found = false
  for (const text of texts) {
    for (let j = 0; j + width <= text.length; j++) {
      const at = windows.get(text.slice(j, j + width))
      if (!at) continue
      for (const i of at) echoed.fill(1, i, i + width)
      found = true
      windows.delete(text.slice(j, j + width))
    }
  }
  if (!found) return message
  let out = ""
  for (let i = 0; i < message.length;) {
    if (!echoed[i]) {
      out += message[i++]
      continue
    }
    let end = i
    while (end < message.length && echoed[end]) end++
    out += quote(message.slice(i, end))
    i = end
  }
  return out
}

/** The strings over QUOTE_LENGTH characters in `inputs` (keys and values, any depth, without recursion), and their JSON
 * escapes. */
function longStrings(inputs: unknown[]): string[] {
  const found: string[] = []
  let searched = 0
  const add = (text: string) => {
    if (text.length <= QUOTE_LENGTH || searched >= MAX_SEARCHED) return
    searched += text.length
    found.push(text)
    const escaped = JSON.stringify(text).slice(1, -1)
    if (escaped !== text) {
      searched += escaped.length
      found.push(escaped)
    }
  }
  const stack: unknown[] = [...inputs]
  while (stack.length && searched < MAX_SEARCHED) {
    const value = stack.pop()
    if (typeof value === "string") add(value)
    else if (Array.isArray(value)) for (const item of value) stack.push(item)
    else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        add(key)
        stack.push(child)
      }
    }
  }
  return found
}
