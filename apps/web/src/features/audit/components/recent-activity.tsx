import { Skeleton, Text, Timeline } from '@mantine/core';
import type { AuditEntry } from '@puja/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { formatMessageTime } from '../../../lib/formatting.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { subjectNameOf } from '../utils/audit-subjects.ts';

/** How many of the newest audit entries the dashboard shows. */
const RECENT_ACTIVITY_COUNT = 8;

/** Who changed what lately: the newest entries of the audit log. */
export function RecentActivity() {
  const { t } = useTranslation('admin');
  const auditLog = useAuditLog();
  const describe = (entry: AuditEntry) => {
    const name = subjectNameOf(entry);
    const subject = name
      ? t(`dashboard.subjectNamed.${entry.subject}`, { name })
      : t(`dashboard.subjectNumbered.${entry.subject}`, { id: entry.subjectId });
    return t(`dashboard.activity.${entry.action}`, { actor: entry.actor.name, subject });
  };

  let content: ReactNode;
  if (auditLog.isPending) content = <Skeleton h={200} />;
  else if (auditLog.isError)
    content = <QueryErrorAlert error={auditLog.error} onRetry={() => void auditLog.refetch()} />;
  else if (auditLog.data.entries.length === 0)
    content = (
      <Text c="dimmed" size="sm">
        {t('dashboard.noActivity')}
      </Text>
    );
  else
    content = (
      <Timeline bulletSize={12} lineWidth={2}>
        {auditLog.data.entries.slice(0, RECENT_ACTIVITY_COUNT).map((entry) => (
          <Timeline.Item key={entry.id} title={describe(entry)}>
            <Text size="xs" c="dimmed">
              <time dateTime={entry.at}>{formatMessageTime(entry.at)}</time>
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    );

  return <DashboardPanel title={t('dashboard.recentActivity')}>{content}</DashboardPanel>;
}
