// The benches' figures as pictures: small SVG line charts written into docs/bench/, which docs/performance.md
// shows beside the table of the same run. No charting library: a few lines of SVG, readable in any browser or viewer.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { load, machine, root } from "./common.mjs"

const COLORS = ["#2563eb", "#dc2626", "#16a34a", "#9333ea"]
const esc = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/** A "nice" upper bound for an axis: 1, 2 or 5 times a power of ten at or above `value`. */
function niceMax(value) {
  if (!(value > 0)) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  return [1, 2, 5].map((m) => m * power).find((v) => v >= value) ?? 10 * power
}

/**
 * A line chart over categorical x values (evenly spaced), one line per series, an optional dashed target line.
 * @param {{ title: string, xLabel: string, yLabel: string, xs: (string|number)[],
 *   series: { name: string, values: number[] }[], target?: { value: number, label: string }, note?: string }} chart
 * @returns {string} the SVG document
 */
export function lineChart({ title, xLabel, yLabel, xs, series, target, note }) {
  const width = 640
  const height = 360
  const m = { left: 64, right: 24, top: 48, bottom: 88 }
  const w = width - m.left - m.right
  const h = height - m.top - m.bottom
  const top = niceMax(Math.max(...series.flatMap((s) => s.values).filter(Number.isFinite), target?.value ?? 0) * 1.1)
  const x = (i) => m.left + (xs.length === 1 ? w / 2 : (i * w) / (xs.length - 1))
  const y = (v) => m.top + h - (v / top) * h
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="14" font-weight="bold">${esc(title)}</text>`,
  ]
  for (let k = 0; k <= 4; k++) {
    const v = (top * k) / 4
    parts.push(`<line x1="${m.left}" x2="${m.left + w}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/>`)
    parts.push(`<text x="${m.left - 8}" y="${y(v) + 4}" text-anchor="end">${esc(Number(v.toPrecision(3)))}</text>`)
  }
  xs.forEach((label, i) => parts.push(`<text x="${x(i)}" y="${m.top + h + 18}" text-anchor="middle">${esc(label)}</text>`))
  parts.push(`<text x="${m.left + w / 2}" y="${m.top + h + 38}" text-anchor="middle">${esc(xLabel)}</text>`)
  parts.push(`<text transform="translate(16 ${m.top + h / 2}) rotate(-90)" text-anchor="middle">${esc(yLabel)}</text>`)
  if (target) {
    parts.push(`<line x1="${m.left}" x2="${m.left + w}" y1="${y(target.value)}" y2="${y(target.value)}" stroke="#6b7280" stroke-dasharray="6 4"/>`)
    parts.push(`<text x="${m.left + w}" y="${y(target.value) - 6}" text-anchor="end" fill="#374151">${esc(target.label)}</text>`)
  }
  // Legend entries side by side, each as wide as its name (about 7 px a character at this size).
  const legendX = series.map((_, k) => m.left + series.slice(0, k).reduce((x, s) => x + s.name.length * 7 + 36, 0))
  series.forEach((s, k) => {
    const color = COLORS[k % COLORS.length]
    const points = s.values.map((v, i) => [x(i), y(v)]).filter(([, py]) => Number.isFinite(py))
    parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${points.map((p) => p.join(",")).join(" ")}"/>`)
    for (const [px, py] of points) parts.push(`<circle cx="${px}" cy="${py}" r="3.5" fill="${color}"/>`)
    parts.push(`<rect x="${legendX[k]}" y="${height - 36}" width="12" height="12" fill="${color}"/>`)
    parts.push(`<text x="${legendX[k] + 18}" y="${height - 26}">${esc(s.name)}</text>`)
  })
  if (note) parts.push(`<text x="${width - m.right}" y="${height - 8}" text-anchor="end" fill="#6b7280" font-size="10">${esc(note)}</text>`)
  parts.push("</svg>")
  return `${parts.join("\n")}\n`
}

/** What was measured where, under each chart. */
const runNote = () => {
  const m = machine()
  return `${new Date().toISOString().slice(0, 10)}, ${m.cores} cores, node ${m.node}, load ${load()}`
}

function write(name, svg) {
  const dir = join(root, "docs", "bench")
  mkdirSync(dir, { recursive: true })
  const file = join(dir, name)
  writeFileSync(file, svg)
  console.error(`  chart: ${file}`)
}

/**
 * bench/checkout.mjs: each trade credit path's checkout over the system provider's, per level of concurrency; one
 * chart per service latency (checkout-ratio.svg with none, checkout-ratio-120ms.svg with 120 ms a call).
 */
export function writeCheckoutChart(result) {
  for (const l of result.latencies) {
    const levels = l.levels
    const ratio = (r, a, b) => r.providers[a].totalMedian / r.providers[b].totalMedian
    const network = l.latencyMs ? `service latency ${l.latencyMs} ± ${l.jitterMs} ms` : "no service latency"
    write(
      l.latencyMs ? `checkout-ratio-${l.latencyMs}ms.svg` : "checkout-ratio.svg",
      lineChart({
        title: `Checkout through Medusa: trade credit / pp_system_default (median), ${network}`,
        xLabel: "concurrent buyers",
        yLabel: "latency ratio",
        xs: levels.map((r) => r.buyers),
        series: [
          { name: "redirect flow (guest)", values: levels.map((r) => ratio(r, "pp_trade-credit_default", "pp_system_default")) },
          {
            name: "trade account user",
            values: levels.map((r) => ratio(r, "pp_trade-credit_default, verified trade account user", "pp_system_default, the same logged-in customers")),
          },
          {
            name: "instalments, returning",
            values: levels.map((r) => ratio(r, "pp_trade-credit-plan_default, returning buyer", "pp_system_default")),
          },
        ],
        target: l.latencyMs ? { value: 1.3, label: "target 1.3 (redirect, 1 buyer)" } : { value: 1.2, label: "target 1.2" },
        note: runNote(),
      })
    )
  }
}

/** bench/plugin-cpu.mjs: the plugin's CPU per call against the cart's size. */
export function writeCpuChart(results) {
  const calls = [...new Set(results.filter((r) => !r.pure).map((r) => r.name))]
  const sizes = [...new Set(results.map((r) => r.lines))].sort((a, b) => a - b)
  write(
    "plugin-cpu-per-call.svg",
    lineChart({
      title: "Plugin CPU per provider call (the plugin alone, median)",
      xLabel: "cart lines",
      yLabel: "ms of CPU",
      xs: sizes,
      series: calls.map((name) => ({ name, values: sizes.map((lines) => results.find((r) => r.lines === lines && r.name === name)?.aloneMedian ?? NaN) })),
      target: { value: 5, label: "500-line create ≤ 5 ms" },
      note: runNote(),
    })
  )
}
