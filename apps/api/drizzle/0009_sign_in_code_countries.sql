ALTER TABLE "sign_in_codes" ADD COLUMN "country" text;--> statement-breakpoint
CREATE INDEX "sign_in_codes_country_created_index" ON "sign_in_codes" USING btree ("country","created_at");