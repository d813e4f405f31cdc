/**
 * TRADE_CREDIT_BACKGROUND_JOBS=off stops the plugin's scheduled jobs
 * (reconciliation, expiry of unverified orders, funding polls, enrollment polls) from doing
 * anything: their work stays available through the admin routes and the
 * exported functions. The integration tests set it, so that no scheduled run
 * repairs a state a test is still setting up.
 */
export const backgroundJobsOff = () => process.env.TRADE_CREDIT_BACKGROUND_JOBS?.trim().toLowerCase() === "off"
