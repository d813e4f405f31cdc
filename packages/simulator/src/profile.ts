import BigNumber from "bignumber.js"

/**
 * The simulator's profiles. `full` (the default) answers as the simulator always has: every field it knows, error
 * codes, its own event names. `minimal` answers as narrowly as the service's documents allow (packages/simulator
 * README, "The minimal profile"), so a client that leans on the simulator's generosity fails a test.
 */
export const PROFILES = ["full", "minimal"] as const
export type SimulatorProfile = (typeof PROFILES)[number]

export const PROFILE_ENV = "TRADE_CREDIT_SIMULATOR_PROFILE"

/** The minimal profile's funding delay: a plan's funding is never decided sooner than this after it is made. */
export const DEFAULT_MINIMAL_FUNDING_DELAY_MS = 2000

/**
 * Which one-click orders of verified trade-account users the service still sends to verification (UNVERIFIED with a
 * payment_url: "the service may add extra verification steps for certain orders"). An order is stepped up when any
 * rule matches: its gross amount is at least `min_gross_amount`, it is the `every_nth` one-click order of the
 * merchant (counting from 1 since the last reset), or its merchant_order_id matches `merchant_order_id_pattern`.
 */
export type StepUpRule = {
  min_gross_amount: string | null
  every_nth: number | null
  merchant_order_id_pattern: string | null
}

/**
 * The default rule of the minimal profile: one-click orders of 5000.00 or more (gross) are verified at the page. The
 * full profile starts with no rule (every verified one-click order stays one click); the control API (PUT
 * /_sim/profile {step_up}) or the `stepUp` option sets one in either profile.
 */
export const DEFAULT_STEP_UP: StepUpRule = {
  min_gross_amount: "5000.00",
  every_nth: null,
  merchant_order_id_pattern: null,
}

export type ProfileSettings = {
  name: SimulatorProfile
  /** Minimal only: the least time between a plan's creation and its funding decision (simulator clock). */
  fundingDelayMs: number
  /** Both profiles: which verified trade-account orders are stepped up (null: none; the full profile's default). */
  stepUp: StepUpRule | null
  /** One-click orders counted for `every_nth`, per merchant. */
  oneClickCount: Map<string, number>
  /** The settings it started with (POST /_sim/reset goes back to them). */
  readonly initial: { fundingDelayMs: number; stepUp: StepUpRule | null }
}

export function parseProfile(value: string | undefined | null, where: string): SimulatorProfile | undefined {
  if (value === undefined || value === null || value === "") return undefined
  if ((PROFILES as readonly string[]).includes(value)) return value as SimulatorProfile
  throw new Error(`${where} must be one of ${PROFILES.join(", ")}, not "${value}"`)
}

/** The profile of startSimulator: the option, else TRADE_CREDIT_SIMULATOR_PROFILE, else full. */
export function resolveProfile(option: SimulatorProfile | undefined): SimulatorProfile {
  return option ?? parseProfile(process.env[PROFILE_ENV], PROFILE_ENV) ?? "full"
}

export function profileSettings(
  name: SimulatorProfile,
  options: { minimalFundingDelayMs?: number; stepUp?: StepUpRule | null } = {},
): ProfileSettings {
  const fundingDelayMs = options.minimalFundingDelayMs ?? DEFAULT_MINIMAL_FUNDING_DELAY_MS
  const stepUp =
    options.stepUp === undefined
      ? name === "minimal"
        ? { ...DEFAULT_STEP_UP }
        : null
      : options.stepUp && { ...options.stepUp }
  return {
    name,
    fundingDelayMs,
    stepUp,
    oneClickCount: new Map(),
    initial: { fundingDelayMs, stepUp: stepUp && { ...stepUp } },
  }
}

/** Back to the settings it started with, the one-click count at zero. */
export function resetProfile(settings: ProfileSettings): void {
  settings.fundingDelayMs = settings.initial.fundingDelayMs
  settings.stepUp = settings.initial.stepUp && { ...settings.initial.stepUp }
  settings.oneClickCount.clear()
}

/** What the control API shows. */
export function profileView(settings: ProfileSettings) {
  return {
    profile: settings.name,
    funding_delay_ms: settings.fundingDelayMs,
    step_up: settings.stepUp,
    applies:
      settings.name === "minimal"
        ? "yes"
        : "step_up: yes (none unless set); funding_delay_ms: no, it acts in the minimal profile only",
  }
}

/**
 * Whether a one-click order is answered UNVERIFIED with a payment_url instead (either profile: the full profile has
 * no rule unless one is set).
 */
export function steppedUp(
  settings: ProfileSettings,
  merchantId: string,
  order: { gross_amount: string; merchant_order_id: string },
): boolean {
  if (!settings.stepUp) return false
  const n = (settings.oneClickCount.get(merchantId) ?? 0) + 1
  settings.oneClickCount.set(merchantId, n)
  const rule = settings.stepUp
  if (rule.min_gross_amount !== null && new BigNumber(order.gross_amount).gte(rule.min_gross_amount)) return true
  if (rule.every_nth !== null && rule.every_nth > 0 && n % rule.every_nth === 0) return true
  if (
    rule.merchant_order_id_pattern !== null &&
    new RegExp(rule.merchant_order_id_pattern).test(order.merchant_order_id)
  )
    return true
  return false
}
