ALTER TABLE "dedication_plans" DROP CONSTRAINT "dedication_plans_departed_check";--> statement-breakpoint
ALTER TABLE "dedication_plans" ADD COLUMN "departed_photo_key" text;--> statement-breakpoint
ALTER TABLE "dedication_plans" ADD CONSTRAINT "dedication_plans_departed_photo_check" CHECK ("dedication_plans"."departed_photo_key" IS NULL OR "dedication_plans"."departed_name" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "dedication_plans" ADD CONSTRAINT "dedication_plans_departed_check" CHECK ("dedication_plans"."departed_name" IS NULL OR "dedication_plans"."date_of_death" IS NOT NULL);