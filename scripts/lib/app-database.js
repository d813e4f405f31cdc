/**
 * A database for a `medusa start` of this repository in the tests (child servers, the admin in Chromium): its
 * migrations applied and the test admin able to log in. A copy of the migrated template
 * (scripts/lib/migrated-cluster.mjs, which also creates the test admin) needs neither, so the two Medusa CLI
 * boots are left out (like the test runner, it runs no migration scripts: they write data, and these databases start
 * empty); any other database gets `medusa db:migrate` and, while the admin is missing, `medusa user`. CommonJS, so that the tests' compiled modules and the ES module scripts load it.
 */
const TEST_ADMIN = { email: "admin@trade-credit.test", password: "correct-horse-battery-staple" }

/** Whether the database at `databaseUrl` has a user with this email. False when it has no user table yet. */
async function hasUser(databaseUrl, email) {
  const { Client } = require("pg")
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(`SELECT 1 FROM "user" WHERE email = $1 AND deleted_at IS NULL LIMIT 1`, [email])
    return rows.length > 0
  } catch (error) {
    if (error?.code === "42P01") return false // undefined table: not migrated yet
    throw error
  } finally {
    await client.end()
  }
}

/**
 * @param {{ databaseUrl: string, fromTemplate: boolean, run: (args: string[]) => Promise<unknown> | unknown, admin?: { email: string, password: string } }} options
 *   `run` runs a `medusa` CLI command against that database.
 */
async function prepareAppDatabase({ databaseUrl, fromTemplate, run, admin = TEST_ADMIN }) {
  if (!fromTemplate) await run(["db:migrate"])
  if (!(await hasUser(databaseUrl, admin.email))) await run(["user", "-e", admin.email, "-p", admin.password])
}

module.exports = { TEST_ADMIN, prepareAppDatabase, hasUser }
