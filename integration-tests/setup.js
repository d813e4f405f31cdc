const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

MetadataStorage.clear()

/*
 * The migrated template (scripts/lib/migrated-cluster.mjs). scripts/test.mjs runs each integration or browser
 * file on a copy of a PostgreSQL cluster whose database TRADE_CREDIT_TEST_TEMPLATE_DB holds every module
 * migration and link table of this repository's Medusa (`medusa db:migrate` from medusa-config.ts, once per
 * `npm test`). Here, the database medusaIntegrationTestRunner creates for the file is made as a copy of it,
 * and the runner's module migrations and link sync, which would only find everything applied (and take 5 to
 * 10 s to find it), are skipped for that database. The custom links and the link planner are still loaded,
 * as the runner's link sync does. Anything else (no template, another module set) leaves the runner as it is.
 *
 * The runner reaches these functions through their modules' exports at call time, so replacing the exports
 * here is seen by it: this file runs in the test file's module registry, before the test file.
 */
const template = process.env.TRADE_CREDIT_TEST_TEMPLATE_DB
if (template) {
  const postgresTemplate = require("@medusajs/test-utils/dist/medusa-test-runner-utils/postgres-template")
  const useDb = require("@medusajs/test-utils/dist/medusa-test-runner-utils/use-db")
  const { Client } = require("pg")
  const quote = (name) => `"${String(name).replace(/"/g, '""')}"`
  // medusa-config.ts chooses its modules by REDIS_URL alone: the same value means the same migrations.
  const sameModules = () => (process.env.REDIS_URL ?? "") === (process.env.TRADE_CREDIT_TEST_TEMPLATE_REDIS_URL ?? "")
  let fromTemplate = false

  const createDatabase = postgresTemplate.createDatabase
  postgresTemplate.createDatabase = async ({ databaseName, errorIfExist = false }, credentials = {}) => {
    fromTemplate = false
    if (!sameModules()) return createDatabase({ databaseName, errorIfExist }, credentials)
    const client = new Client({ user: "postgres", database: "postgres", password: "", port: 5432, host: "localhost", ...credentials })
    await client.connect()
    try {
      await client.query(`CREATE DATABASE ${quote(databaseName)} TEMPLATE ${quote(template)}`)
      fromTemplate = true
    } catch (error) {
      if (error?.code === "3D000") return createDatabase({ databaseName, errorIfExist }, credentials) // no template here
      if (error?.code !== "42P04" || errorIfExist) throw error // 42P04: it exists, which the original accepts
    } finally {
      await client.end()
    }
  }

  const migrateDatabase = useDb.migrateDatabase
  useDb.migrateDatabase = async (appLoader) => {
    if (!fromTemplate) return migrateDatabase(appLoader)
  }

  const syncLinks = useDb.syncLinks
  useDb.syncLinks = async (appLoader, directory, container, logger) => {
    if (!fromTemplate) return syncLinks(appLoader, directory, container, logger)
    // What the runner's sync does but the plan: load the custom link definitions (src/links) and the planner.
    const { ContainerRegistrationKeys, getResolvedPlugins } = require("@medusajs/framework/utils")
    const { LinkLoader } = require("@medusajs/framework")
    const plugins = await getResolvedPlugins(directory, container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), true)
    await new LinkLoader(
      plugins.map((plugin) => require("node:path").join(plugin.resolve, "links")),
      container.resolve(ContainerRegistrationKeys.LOGGER)
    ).load()
    // Building the planner registers the link modules the app's later loads rely on (without it, registering
    // the API routes fails); making and running its plan is what the template already did.
    await appLoader.getLinksExecutionPlanner()
  }
}
