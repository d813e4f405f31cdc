import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The customers' sole-trader enrollments (model Enrollment). */
export class Migration20261122020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "trade_credit_enrollment" ("id" text not null, ` +
        `"customer_id" text not null, "proposal_id" text null, "status" text not ` +
        `null, "source" text not null, "country_code" text not null, "company_name" ` +
        `text null, "organization_number" text null, "decided_at" timestamptz null, ` +
        `"last_polled_at" timestamptz null, "created_at" timestamptz not null default ` +
        `now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz ` +
        `null, constraint "trade_credit_enrollment_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_enrollment_deleted_at" ON ` +
        `"trade_credit_enrollment" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_enrollment_customer_id_unique" ` +
        `ON "trade_credit_enrollment" ("customer_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_enrollment_proposal_id_unique" ` +
        `ON "trade_credit_enrollment" ("proposal_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_enrollment_status" ON "trade_credit_enrollment" ` +
        `("status") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trade_credit_enrollment" cascade;`)
  }
}
