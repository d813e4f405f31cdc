import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The audit trail of right-to-erasure requests (model ErasureRequest). */
export class Migration20261122040000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "trade_credit_erasure_request" ("id" text not ` +
        `null, "reference" text not null, "email_hash" text not null, "customer_id" ` +
        `text null, "case" text check ("case" in ('NO_RECORDS', 'RETAINED', 'ERASABLE')) ` +
        `not null, "status" text check ("status" in ('recorded', 'submitted', 'failed')) ` +
        `not null default 'recorded', "source" text check ("source" in ('admin', ` +
        `'customer_deleted')) not null default 'admin', "requested_by" text null, ` +
        `"submitted_at" timestamptz null, "anonymised_at" timestamptz null, "anonymised" ` +
        `jsonb null, "error" text null, "created_at" timestamptz not null default ` +
        `now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz ` +
        `null, constraint "trade_credit_erasure_request_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_erasure_request_reference_unique" ` +
        `ON "trade_credit_erasure_request" ("reference") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_erasure_request_deleted_at" ` +
        `ON "trade_credit_erasure_request" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_erasure_request_email_hash" ` +
        `ON "trade_credit_erasure_request" ("email_hash") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_erasure_request_customer_id" ` +
        `ON "trade_credit_erasure_request" ("customer_id") WHERE deleted_at IS ` +
        `NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_erasure_request_status" ON ` +
        `"trade_credit_erasure_request" ("status") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trade_credit_erasure_request" cascade;`)
  }
}
