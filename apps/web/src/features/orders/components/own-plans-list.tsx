import '../../../lib/orders-strings.ts';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Plan } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatPujaDate } from '../../../lib/formatting.ts';
import { useOwnPlans } from '../api/plans.ts';
import { usePlanTitle } from '../utils/plan-label.ts';

/**
 * The patron's plans above their orders (docs/decisions/058): each with its kind and for whom, the
 * monastery, the next puja's day, how many are done and to come, and a link to its page. Shown only to a
 * patron who has plans; the list is the server's, bounded.
 */
export function OwnPlansList() {
  const { t } = useTranslation('orders');
  const plans = useOwnPlans();
  if (!plans.data || plans.data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="own-plans-heading">
      <Title order={2} fz="h3" id="own-plans-heading">
        {t('plans.list.title')}
      </Title>
      {plans.data.map((plan) => (
        <PlanSummary key={plan.id} plan={plan} />
      ))}
    </Stack>
  );
}

function PlanSummary({ plan }: { plan: Plan }) {
  const { t } = useTranslation('orders');
  const text = useCatalogueText();
  const title = usePlanTitle();
  const orders = plan.occurrences.map(({ order }) => order);
  const done = orders.filter((order) => order.status === 'completed').length;
  const toCome = orders.filter((order) => order.status === 'pending' || order.status === 'approved');
  // For whom: the departed, else the first name the pujas are said for.
  const forWhom = plan.departed ? null : orders[0]?.names[0]?.name;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="own-plan">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text fw={600}>
            {title(plan)}
            {forWhom ? ` · ${forWhom}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {text(plan.monastery_puja.puja, 'name')} · {text(plan.monastery_puja.monastery, 'name')}
          </Text>
          <Text size="sm">
            {toCome[0]
              ? t('plans.list.next', { date: formatPujaDate(toCome[0].date) })
              : t('plans.list.noNext')}
            {' · '}
            {t('plans.list.progress', { done, toCome: toCome.length })}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <Group gap="xs">
            {plan.paused_at && plan.status === 'active' && (
              <Badge color="gray">{t('plans.list.paused')}</Badge>
            )}
            <Badge variant="light">{t(`plans.page.status.${plan.status}`)}</Badge>
          </Group>
          <Anchor component={Link} to={`/plans/${plan.id}`} size="sm">
            {t('plans.list.open')}
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  );
}
