import { hash } from '@node-rs/argon2';
import {
  EMAIL_EXISTS_MESSAGE,
  isValidE164,
  MIN_PASSWORD_LENGTH,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  type SessionUser,
  toE164,
  USERS_PAGE_SIZE,
  type UsersResponse,
} from '@puja/contract';
import type { Database, Executor, RowLock } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { refuseStaleVersion } from '../../lib/record-version.ts';
import { toSessionUser, type Viewer } from '../../plugins/auth.ts';
import { type AuditFields, changedFields, recordAudit } from '../audit/audit.service.ts';
import { revokeSessionsOfUser } from '../session/session.shared-queries.ts';
import {
  archiveUser,
  countHistoryOfUser,
  deleteUser,
  findActiveMonasteryId,
  findActiveUser,
  insertUser,
  isEmailTaken,
  isPhoneTaken,
  listActiveUsers,
  type UserRow,
  type UsersFilter,
  updateUser,
} from './users.queries.ts';

/**
 * An administrator's user management (docs/api.md "Users"). The form's own field errors are answered 400
 * with a message per field; a user with history (orders, messages, photos, audit entries they made) is
 * archived and signed out everywhere instead of deleted; an administrator can neither delete nor demote
 * themselves. Each change and its audit entry commit together.
 */
export interface UserFormInput {
  name: string;
  email: string;
  phone: string;
  role: 'user' | 'monastery';
  monastery?: number | undefined;
  password?: string | undefined;
  cpassword?: string | undefined;
  version?: number | undefined;
}

export function createUsersService(dependencies: { db: Database }) {
  const { db } = dependencies;

  async function list(query: UsersFilter & { page: number } = { page: 1 }): Promise<UsersResponse> {
    const { rows, total } = await listActiveUsers(db, query, query.page);
    return { users: rows.map(toSessionUser), page: query.page, pageSize: USERS_PAGE_SIZE, total };
  }

  /** Inside a write's transaction, `lock` holds the row until commit (see `RowLock`). */
  async function findActive(executor: Executor, id: number, lock?: RowLock) {
    const row = await findActiveUser(executor, id, lock);
    if (!row) throw new AppError('notFound', 'User not found.');
    return row;
  }

  /** Everything wrong with the form at once, each field with its own message. */
  async function checkForm(
    input: UserFormInput,
    options: { existingId?: number; passwordRequired: boolean },
  ) {
    const errors: Record<string, string[]> = {};
    const add = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message];
    };
    if (await isEmailTaken(db, input.email, options.existingId)) add('email', EMAIL_EXISTS_MESSAGE);

    const phone = input.phone.startsWith('+')
      ? isValidE164(input.phone)
        ? input.phone
        : undefined
      : (() => {
          const checked = toE164('+977', input.phone);
          return checked.ok ? checked.e164 : undefined;
        })();
    if (!phone) add('phone', 'Enter a valid mobile number (with its country code when outside Nepal).');
    else if (await isPhoneTaken(db, phone, options.existingId)) add('phone', 'Phone already exists');

    const changingPassword = Boolean(input.password) || Boolean(input.cpassword);
    if (options.passwordRequired || changingPassword) {
      if (!input.password || input.password.length < MIN_PASSWORD_LENGTH)
        add('password', PASSWORD_TOO_SHORT_MESSAGE);
      if (input.password !== input.cpassword) add('cpassword', PASSWORD_MISMATCH_MESSAGE);
    }

    let monasteryId: number | null = null;
    if (input.role === 'monastery') {
      const openMonasteryId = input.monastery ? await findActiveMonasteryId(db, input.monastery) : undefined;
      if (openMonasteryId === undefined)
        add('monastery', 'Choose the monastery this staff member belongs to.');
      else monasteryId = openMonasteryId;
    }
    if (Object.keys(errors).length > 0)
      throw new AppError('fieldErrors', Object.values(errors)[0]![0]!, errors);
    return {
      phone: phone!,
      monasteryId,
      passwordHash: changingPassword ? await hash(input.password!) : undefined,
    };
  }

  return {
    list,

    async get(id: number): Promise<{ user: SessionUser }> {
      return { user: toSessionUser(await findActive(db, id)) };
    },

    async create(admin: Viewer, input: UserFormInput) {
      // The password is hashed before the transaction: argon2 is slow on purpose.
      const checked = await checkForm(input, { passwordRequired: true });
      await db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          name: input.name.trim(),
          email: input.email,
          phone: checked.phone,
          role: input.role,
          monasteryId: checked.monasteryId,
          passwordHash: checked.passwordHash,
        });
        await recordAudit(tx, {
          actor: admin,
          action: 'create',
          subject: 'user',
          subjectId: created.id,
          before: null,
          after: userAuditFields(created),
        });
      });
      return list();
    },

    async update(admin: Viewer, id: number, input: UserFormInput) {
      const target = await findActive(db, id);
      if (target.id === admin.id && input.role !== target.role)
        throw new AppError('conflict', 'You cannot change your own role.');
      const checked = await checkForm(input, { existingId: id, passwordRequired: false });
      await db.transaction(async (tx) => {
        const current = await findActive(tx, id, 'no key update');
        await refuseStaleVersion(tx, current, input.version, { type: 'user', id, actions: ['update'] });
        const updated = await updateUser(tx, id, {
          name: input.name.trim(),
          email: input.email,
          phone: checked.phone,
          role: input.role,
          monasteryId: checked.monasteryId,
          ...(checked.passwordHash ? { passwordHash: checked.passwordHash } : {}),
        });
        const changes = changedFields(userAuditFields(current), userAuditFields(updated));
        // That the password changed is worth knowing; the password itself is never written down.
        if (checked.passwordHash) {
          changes.after.password_changed = true;
          // A new password signs the person out everywhere else: whoever knew the old one is out too.
          await revokeSessionsOfUser(tx, id, {
            keepSessionId: id === admin.id ? admin.sessionId : undefined,
          });
        }
        await recordAudit(tx, { actor: admin, action: 'update', subject: 'user', subjectId: id, ...changes });
      });
      return list();
    },

    async remove(admin: Viewer, id: number) {
      const target = await findActive(db, id);
      if (target.id === admin.id) throw new AppError('conflict', 'You cannot delete your own account.');
      await db.transaction(async (tx) => {
        const current = await findActive(tx, id, 'update');
        // Who did what must stay answerable: someone with history (audit entries too) is archived.
        const archivedAt = (await countHistoryOfUser(tx, id)) > 0 ? new Date() : undefined;
        if (archivedAt) {
          await archiveUser(tx, id, archivedAt);
          await revokeSessionsOfUser(tx, id, { at: archivedAt });
        } else {
          await deleteUser(tx, id);
        }
        await recordAudit(tx, {
          actor: admin,
          action: archivedAt ? 'archive' : 'delete',
          subject: 'user',
          subjectId: id,
          // Who it was, not how to reach them: removing someone should not leave their contact details behind.
          before: { name: current.name, role: current.role, monastery_id: current.monasteryId },
          after: archivedAt ? { archived_at: archivedAt.toISOString() } : null,
        });
      });
      return list();
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** What an audit entry records of a person: contact details and role, never a password or its hash. */
function userAuditFields(row: UserRow): AuditFields {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    monastery_id: row.monasteryId,
  };
}
