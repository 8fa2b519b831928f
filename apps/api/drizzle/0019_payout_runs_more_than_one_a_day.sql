ALTER TABLE "payout_runs" DROP CONSTRAINT "payout_runs_run_on_unique";--> statement-breakpoint
CREATE INDEX "payout_runs_run_on_index" ON "payout_runs" USING btree ("run_on");