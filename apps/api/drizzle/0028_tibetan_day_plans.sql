ALTER TABLE "monastery_pujas" DROP CONSTRAINT "monastery_pujas_plan_kinds_check";--> statement-breakpoint
ALTER TABLE "dedication_plans" DROP CONSTRAINT "dedication_plans_kind_check";--> statement-breakpoint
ALTER TABLE "dedication_plans" DROP CONSTRAINT "dedication_plans_kind_fields_check";--> statement-breakpoint
ALTER TABLE "dedication_plans" ADD COLUMN "lunar_day" smallint;--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD CONSTRAINT "monastery_pujas_plan_kinds_check" CHECK ("monastery_pujas"."plan_kinds" <@ ARRAY['forty_nine_days', 'monthly', 'yearly', 'tibetan_day']::text[]);--> statement-breakpoint
ALTER TABLE "dedication_plans" ADD CONSTRAINT "dedication_plans_lunar_day_check" CHECK ("dedication_plans"."lunar_day" BETWEEN 1 AND 30);--> statement-breakpoint
ALTER TABLE "dedication_plans" ADD CONSTRAINT "dedication_plans_kind_check" CHECK ("dedication_plans"."kind" IN ('forty_nine_days', 'monthly', 'yearly', 'tibetan_day'));--> statement-breakpoint
ALTER TABLE "dedication_plans" ADD CONSTRAINT "dedication_plans_kind_fields_check" CHECK (CASE "dedication_plans"."kind"
        WHEN 'forty_nine_days' THEN "dedication_plans"."date_of_death" IS NOT NULL
        WHEN 'monthly' THEN "dedication_plans"."day_of_month" IS NOT NULL
        WHEN 'tibetan_day' THEN "dedication_plans"."lunar_day" IS NOT NULL
        ELSE "dedication_plans"."anniversary" IS NOT NULL END);