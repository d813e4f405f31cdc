/**
 * A JSON encoding of the simulator's state that keeps what JSON alone loses: Maps, Sets, Dates, Buffers, undefined,
 * and shared references (an order record sits in three indexes of its store; after a load it must still be one
 * record, or a change through one index would not show in the others). Every object is written once, in a table, and
 * referred to by its position. Class instances other than those are written as plain objects: the stores' records
 * are plain data.
 */

type Ref = number
type Encoded = { $: Ref } | string | number | boolean | null | { u: 1 }
type Node =
  | { o: Record<string, Encoded> }
  | { a: Encoded[] }
  | { m: [Encoded, Encoded][] }
  | { s: Encoded[] }
  | { d: string }
  | { b: string }

export type EncodedGraph = { root: Encoded; nodes: Node[] }

export function encodeGraph(root: unknown): EncodedGraph {
  const nodes: Node[] = []
  const seen = new Map<object, Ref>()
  const encode = (value: unknown): Encoded => {
    if (value === undefined) return { u: 1 }
    if (value === null || typeof value !== "object") {
      if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") return { u: 1 }
      return value as string | number | boolean
    }
    const known = seen.get(value)
    if (known !== undefined) return { $: known }
    const ref = nodes.length
    seen.set(value, ref)
    nodes.push({ o: {} }) // reserved before the children, so that a cycle refers back to it
    if (value instanceof Map) nodes[ref] = { m: [...value].map(([k, v]) => [encode(k), encode(v)]) }
    else if (value instanceof Set) nodes[ref] = { s: [...value].map(encode) }
    else if (value instanceof Date) nodes[ref] = { d: value.toISOString() }
    else if (Buffer.isBuffer(value) || value instanceof Uint8Array)
      nodes[ref] = { b: Buffer.from(value).toString("base64") }
    else if (Array.isArray(value)) nodes[ref] = { a: value.map(encode) }
    else {
      const fields: Record<string, Encoded> = {}
      for (const [key, field] of Object.entries(value)) fields[key] = encode(field)
      nodes[ref] = { o: fields }
    }
    return { $: ref }
  }
  return { root: encode(root), nodes }
}

export function decodeGraph(graph: EncodedGraph): unknown {
  const built = new Map<Ref, unknown>()
  const decode = (value: Encoded): unknown => {
    if (value === null || typeof value !== "object") return value
    if ("u" in value) return undefined
    const ref = value.$
    if (built.has(ref)) return built.get(ref)
    const node = graph.nodes[ref]
    if ("d" in node) return remember(ref, new Date(node.d))
    if ("b" in node) return remember(ref, Buffer.from(node.b, "base64"))
    if ("m" in node) {
      const map = remember(ref, new Map())
      for (const [k, v] of node.m) map.set(decode(k), decode(v))
      return map
    }
    if ("s" in node) {
      const set = remember(ref, new Set())
      for (const item of node.s) set.add(decode(item))
      return set
    }
    if ("a" in node) {
      const array = remember(ref, [] as unknown[])
      for (const item of node.a) array.push(decode(item))
      return array
    }
    const object = remember(ref, {} as Record<string, unknown>)
    for (const [key, field] of Object.entries(node.o)) object[key] = decode(field)
    return object
  }
  const remember = <T>(ref: Ref, value: T): T => {
    built.set(ref, value)
    return value
  }
  return decode(graph.root)
}
