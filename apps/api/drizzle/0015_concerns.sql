CREATE TABLE "order_concerns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_concerns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"raised_by" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution_note" text,
	"refund_amount_paisa" integer,
	"refund_payment_id" integer,
	"redo_date" date,
	CONSTRAINT "order_concerns_kind_check" CHECK ("order_concerns"."kind" IN ('name_missed', 'no_proof', 'wrong_day', 'other')),
	CONSTRAINT "order_concerns_status_check" CHECK ("order_concerns"."status" IN ('open', 'refunded', 'redone', 'rejected')),
	CONSTRAINT "order_concerns_message_length" CHECK (char_length("order_concerns"."message") BETWEEN 1 AND 2000),
	CONSTRAINT "order_concerns_note_length" CHECK (char_length("order_concerns"."resolution_note") <= 2000),
	CONSTRAINT "order_concerns_outcome_check" CHECK (CASE "order_concerns"."status"
        WHEN 'open' THEN "order_concerns"."resolved_at" IS NULL AND "order_concerns"."resolved_by" IS NULL
          AND "order_concerns"."refund_amount_paisa" IS NULL AND "order_concerns"."refund_payment_id" IS NULL AND "order_concerns"."redo_date" IS NULL
        WHEN 'refunded' THEN "order_concerns"."resolved_at" IS NOT NULL AND "order_concerns"."resolved_by" IS NOT NULL
          AND "order_concerns"."refund_amount_paisa" > 0 AND "order_concerns"."refund_payment_id" IS NOT NULL AND "order_concerns"."redo_date" IS NULL
        WHEN 'redone' THEN "order_concerns"."resolved_at" IS NOT NULL AND "order_concerns"."resolved_by" IS NOT NULL
          AND "order_concerns"."refund_amount_paisa" IS NULL AND "order_concerns"."redo_date" IS NOT NULL
        ELSE "order_concerns"."resolved_at" IS NOT NULL AND "order_concerns"."resolved_by" IS NOT NULL
          AND "order_concerns"."refund_amount_paisa" IS NULL AND "order_concerns"."redo_date" IS NULL
          AND char_length("order_concerns"."resolution_note") > 0 END)
);
--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_action_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_refund_check";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_amount_paisa" integer;--> statement-breakpoint
ALTER TABLE "order_concerns" ADD CONSTRAINT "order_concerns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_concerns" ADD CONSTRAINT "order_concerns_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_concerns" ADD CONSTRAINT "order_concerns_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_concerns" ADD CONSTRAINT "order_concerns_refund_payment_id_payment_attempts_id_fk" FOREIGN KEY ("refund_payment_id") REFERENCES "public"."payment_attempts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_concerns_one_open_per_order" ON "order_concerns" USING btree ("order_id") WHERE "order_concerns"."status" = 'open';--> statement-breakpoint
CREATE INDEX "order_concerns_order_index" ON "order_concerns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_concerns_open_index" ON "order_concerns" USING btree ("created_at","id") WHERE "order_concerns"."status" = 'open';--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_action_check" CHECK ("audit_entries"."action" IN ('create', 'update', 'delete', 'archive', 'approve', 'redate', 'decline', 'complete', 'message', 'revoke-sessions', 'refund', 'record-refund', 'set-commission-rate', 'set-payout-details', 'run-payouts', 'record-transfer', 'fail-transfer', 'read-name', 'unread-name', 'raise-concern', 'resolve-concern'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" IN ('payment_received', 'refund_due', 'refund_paid', 'order_completed', 'clawback', 'order_redone', 'payout_started', 'payout_paid', 'payout_failed'));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_refund_amount_check" CHECK ("payment_attempts"."refund_amount_paisa" IS NULL OR ("payment_attempts"."refund_reason" = 'concern'
        AND "payment_attempts"."refund_amount_paisa" > 0 AND "payment_attempts"."refund_amount_paisa" < "payment_attempts"."amount_paisa"));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_refund_check" CHECK (("payment_attempts"."refund_status" IS NULL AND "payment_attempts"."refund_reason" IS NULL)
        OR ("payment_attempts"."status" = 'Completed' AND "payment_attempts"."refund_status" IN ('due', 'requested', 'refunded')
            AND "payment_attempts"."refund_reason" IN ('declined', 'cancelled', 'expired', 'duplicate', 'concern')
            AND "payment_attempts"."refund_due_at" IS NOT NULL));