import {
  ERROR_MESSAGES,
  type InviteStaff,
  LINKED_PAGES,
  TEAM_MAX,
  type TeamMember,
  type TeamResponse,
  toE164,
} from '@puja/contract';
import type { Database } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { noticeText } from '../../notices/notices.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { revokeSessionsOfUser } from '../session/session.shared-queries.ts';
import {
  archiveStaff,
  findMember,
  findMonasteryName,
  insertStaff,
  isPhoneInUse,
  listTeam,
  setLead,
} from './monastery-team.queries.ts';

type Member = NonNullable<Awaited<ReturnType<typeof findMember>>>;

function toTeamMember(row: Member): TeamMember {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    is_lead: row.isLead,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A monastery's own team (docs/decisions/041). The viewer's monastery and lead flag are read from the
 * database at each request, never from the client, so a lead acts only on their own monastery's staff,
 * and a lead whose flag was taken away can no longer.
 */
export function createMonasteryTeamService(dependencies: {
  db: Database;
  /** NOTIFY_PATRONS_BY_SMS: the invitation is an SMS like the other notices. */
  sms: boolean;
  publicUrl: string;
}) {
  const { db } = dependencies;

  async function viewerAsStaff(viewer: Viewer) {
    const me = await findMember(db, viewer.id);
    if (me?.role !== 'monastery' || me.monasteryId === null)
      throw new AppError('forbidden', ERROR_MESSAGES.forbidden);
    return { ...me, monasteryId: me.monasteryId };
  }

  async function lead(viewer: Viewer) {
    const me = await viewerAsStaff(viewer);
    if (!me.isLead) throw new AppError('forbidden', 'Only your monastery’s lead can change its staff.');
    return me;
  }

  async function team(monasteryId: number, canManage: boolean): Promise<TeamResponse> {
    return { members: (await listTeam(db, monasteryId)).map(toTeamMember), can_manage: canManage };
  }

  return {
    async list(viewer: Viewer): Promise<TeamResponse> {
      const me = await viewerAsStaff(viewer);
      return team(me.monasteryId, me.isLead);
    },

    async invite(viewer: Viewer, input: InviteStaff): Promise<TeamResponse> {
      const me = await lead(viewer);
      const phone = toE164(input.code, input.phone);
      if (!phone.ok) throw new AppError('invalidInput', phone.message, { phone: [phone.message] });
      await db.transaction(async (tx) => {
        if ((await listTeam(tx, me.monasteryId)).length >= TEAM_MAX)
          throw new AppError('conflict', 'Your monastery has as many staff as it can have.');
        // Someone who already has an account (a patron, another monastery's staff) is not taken over:
        // an administrator decides that.
        if (await isPhoneInUse(tx, phone.e164))
          throw new AppError(
            'conflict',
            'This number already has an account. Ask an administrator to add it.',
            {
              phone: ['This number already has an account. Ask an administrator to add it.'],
            },
          );
        const language = viewer.language ?? null;
        const added = await insertStaff(tx, {
          name: input.name.trim(),
          phone: phone.e164,
          monasteryId: me.monasteryId,
          language,
        });
        await recordAudit(tx, {
          actor: viewer,
          action: 'create',
          subject: 'user',
          subjectId: added.id,
          before: null,
          after: {
            name: input.name.trim(),
            phone: phone.e164,
            role: 'monastery',
            monastery_id: me.monasteryId,
          },
        });
        if (dependencies.sms)
          await enqueueJob(tx, 'send-sms', {
            to: phone.e164,
            text: noticeText(language, 'staff', 'invited', {
              monastery: (await findMonasteryName(tx, me.monasteryId)) ?? '',
              signInUrl: `${dependencies.publicUrl}${LINKED_PAGES.staffDashboard}`,
            }),
          });
      });
      return team(me.monasteryId, true);
    },

    async remove(viewer: Viewer, id: number): Promise<TeamResponse> {
      const me = await lead(viewer);
      if (id === me.id) throw new AppError('conflict', 'You cannot remove yourself. Ask an administrator.');
      await db.transaction(async (tx) => {
        const member = await findMember(tx, id, true);
        // Another monastery's staff, or anyone who is not staff, is not the lead's to see: 404, as for none.
        if (member?.role !== 'monastery' || member.monasteryId !== me.monasteryId)
          throw new AppError('notFound', ERROR_MESSAGES.notFound);
        // Archived, not deleted: what they did (approvals, messages) stays answerable.
        const archivedAt = new Date();
        await archiveStaff(tx, id, archivedAt);
        await revokeSessionsOfUser(tx, id, { at: archivedAt });
        await recordAudit(tx, {
          actor: viewer,
          action: 'archive',
          subject: 'user',
          subjectId: id,
          before: { name: member.name, role: member.role, monastery_id: member.monasteryId },
          after: { archived_at: archivedAt.toISOString() },
        });
      });
      return team(me.monasteryId, true);
    },

    /** An administrator makes a staff member their monastery's lead, or takes it back. */
    async setLead(admin: Viewer, id: number, isLead: boolean): Promise<TeamMember> {
      return db.transaction(async (tx) => {
        const member = await findMember(tx, id, true);
        if (!member) throw new AppError('notFound', ERROR_MESSAGES.notFound);
        if (member.role !== 'monastery')
          throw new AppError('conflict', 'Only a monastery’s staff member can lead it.');
        if (member.isLead !== isLead) {
          await setLead(tx, id, isLead);
          await recordAudit(tx, {
            actor: admin,
            action: 'update',
            subject: 'user',
            subjectId: id,
            before: { is_lead: member.isLead },
            after: { is_lead: isLead },
          });
        }
        return toTeamMember({ ...member, isLead });
      });
    },
  };
}
export type MonasteryTeamService = ReturnType<typeof createMonasteryTeamService>;
