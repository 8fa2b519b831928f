-- Migrations run in one transaction: when 0010 ran in it too, its ledger backfill left the deferred
-- balance checks pending, and PostgreSQL alters no table with pending trigger events. Check them now.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "monastery_commission_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monastery_commission_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"monastery_id" integer NOT NULL,
	"basis_points" smallint NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monastery_commission_rates_basis_points_check" CHECK ("monastery_commission_rates"."basis_points" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "monastery_payout_details" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monastery_payout_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"monastery_id" integer NOT NULL,
	"method" text NOT NULL,
	"account_holder" text NOT NULL,
	"bank_name" text,
	"branch" text,
	"account_number" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monastery_payout_details_method_check" CHECK ("monastery_payout_details"."method" IN ('bank', 'esewa', 'khalti')),
	CONSTRAINT "monastery_payout_details_bank_check" CHECK (("monastery_payout_details"."method" = 'bank') = ("monastery_payout_details"."bank_name" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_on" date NOT NULL,
	"trigger" text NOT NULL,
	"created_by" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_runs_run_on_unique" UNIQUE("run_on"),
	CONSTRAINT "payout_runs_status_check" CHECK ("payout_runs"."status" IN ('open', 'closed')),
	CONSTRAINT "payout_runs_trigger_check" CHECK ("payout_runs"."trigger" IN ('schedule', 'admin')),
	CONSTRAINT "payout_runs_created_by_check" CHECK (("payout_runs"."trigger" = 'admin') = ("payout_runs"."created_by" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"monastery_id" integer NOT NULL,
	"amount_paisa" bigint NOT NULL,
	"currency" text DEFAULT 'NPR' NOT NULL,
	"status" text DEFAULT 'in_transit' NOT NULL,
	"reference" text,
	"paid_on" date,
	"failure_reason" text,
	"payout_details_id" integer NOT NULL,
	"method" text NOT NULL,
	"account_masked" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_run_monastery_unique" UNIQUE("run_id","monastery_id"),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_paisa" > 0),
	CONSTRAINT "payouts_currency_check" CHECK ("payouts"."currency" = 'NPR'),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" IN ('in_transit', 'paid', 'failed')),
	CONSTRAINT "payouts_method_check" CHECK ("payouts"."method" IN ('bank', 'esewa', 'khalti')),
	CONSTRAINT "payouts_paid_check" CHECK (("payouts"."status" = 'paid') = ("payouts"."reference" IS NOT NULL AND "payouts"."paid_on" IS NOT NULL)),
	CONSTRAINT "payouts_failed_check" CHECK (("payouts"."status" = 'failed') = ("payouts"."failure_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_action_check";--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_subject_type_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_account_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "monastery_commission_rates" ADD CONSTRAINT "monastery_commission_rates_monastery_id_monasteries_id_fk" FOREIGN KEY ("monastery_id") REFERENCES "public"."monasteries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monastery_commission_rates" ADD CONSTRAINT "monastery_commission_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monastery_payout_details" ADD CONSTRAINT "monastery_payout_details_monastery_id_monasteries_id_fk" FOREIGN KEY ("monastery_id") REFERENCES "public"."monasteries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monastery_payout_details" ADD CONSTRAINT "monastery_payout_details_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_monastery_id_monasteries_id_fk" FOREIGN KEY ("monastery_id") REFERENCES "public"."monasteries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payout_details_id_monastery_payout_details_id_fk" FOREIGN KEY ("payout_details_id") REFERENCES "public"."monastery_payout_details"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monastery_commission_rates_monastery_index" ON "monastery_commission_rates" USING btree ("monastery_id","effective_from" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "monastery_payout_details_monastery_index" ON "monastery_payout_details" USING btree ("monastery_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_monastery_index" ON "payouts" USING btree ("monastery_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_payout_id_index" ON "ledger_entries" USING btree ("payout_id");--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_action_check" CHECK ("audit_entries"."action" IN ('create', 'update', 'delete', 'archive', 'approve', 'redate', 'decline', 'complete', 'message', 'revoke-sessions', 'refund', 'record-refund', 'set-commission-rate', 'set-payout-details', 'run-payouts', 'record-transfer', 'fail-transfer'));--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_subject_type_check" CHECK ("audit_entries"."subject_type" IN ('monastery', 'puja', 'monastery_puja', 'user', 'order', 'payment', 'payout_run', 'payout'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_check" CHECK (("ledger_entries"."kind" IN ('payout_started', 'payout_paid', 'payout_failed')) = ("ledger_entries"."payout_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" IN ('payment_received', 'refund_due', 'refund_paid', 'order_completed', 'clawback', 'payout_started', 'payout_paid', 'payout_failed'));--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_check" CHECK ("ledger_postings"."account" IN ('esewa_clearing', 'khalti_clearing', 'held_for_orders', 'refunds_payable', 'monastery_payable', 'platform_commission', 'payouts_in_transit', 'payouts_sent'));