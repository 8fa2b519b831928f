CREATE TABLE "ledger_reconciliations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_reconciliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"difference_count" integer NOT NULL,
	"differences" jsonb NOT NULL,
	CONSTRAINT "ledger_reconciliations_count_check" CHECK ("ledger_reconciliations"."difference_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "ledger_reconciliations_checked_at_index" ON "ledger_reconciliations" USING btree ("checked_at");