import { hash } from '@node-rs/argon2';
import {
  EMAIL_EXISTS_MESSAGE,
  isValidE164,
  MIN_PASSWORD_LENGTH,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  type SessionUser,
  toE164,
} from '@puja/contract';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { messages, monasteries, orderImages, orders, sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { toSessionUser, type Viewer } from '../../plugins/auth.ts';

/**
 * An administrator's user management (SPEC §5 user form). The form's own field errors are answered 400
 * with the spec's messages; a user with history (orders, messages, photos) is archived and signed out
 * everywhere instead of deleted; an administrator can neither delete nor demote themselves.
 */
export interface UserFormInput {
  name: string;
  email: string;
  phone: string;
  role: 'user' | 'monastery';
  monastery?: number | undefined;
  password?: string | undefined;
  cpassword?: string | undefined;
}

export function createUsersService(dependencies: { db: Database }) {
  const { db } = dependencies;

  async function list() {
    const rows = await db.select().from(users).where(isNull(users.archivedAt)).orderBy(asc(users.id));
    return { users: rows.map(toSessionUser) };
  }

  async function findActive(id: number) {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.archivedAt)));
    if (!row) throw new AppError('notFound', 'User not found.');
    return row;
  }

  /** Everything wrong with the form at once, as the spec's per-field messages. */
  async function checkForm(
    input: UserFormInput,
    options: { existingId?: number; passwordRequired: boolean },
  ) {
    const errors: Record<string, string[]> = {};
    const add = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message];
    };
    const otherIdCondition = options.existingId ? ne(users.id, options.existingId) : undefined;
    if (
      (await db.$count(users, and(sql`lower(${users.email}) = lower(${input.email})`, otherIdCondition))) > 0
    )
      add('email', EMAIL_EXISTS_MESSAGE);

    const phone = input.phone.startsWith('+')
      ? isValidE164(input.phone)
        ? input.phone
        : undefined
      : (() => {
          const checked = toE164('+977', input.phone);
          return checked.ok ? checked.e164 : undefined;
        })();
    if (!phone) add('phone', 'Enter a valid mobile number (with its country code when outside Nepal).');
    else if ((await db.$count(users, and(eq(users.phone, phone), otherIdCondition))) > 0)
      add('phone', 'Phone already exists');

    const changingPassword = Boolean(input.password) || Boolean(input.cpassword);
    if (options.passwordRequired || changingPassword) {
      if (!input.password || input.password.length < MIN_PASSWORD_LENGTH)
        add('password', PASSWORD_TOO_SHORT_MESSAGE);
      if (input.password !== input.cpassword) add('cpassword', PASSWORD_MISMATCH_MESSAGE);
    }

    let monasteryId: number | null = null;
    if (input.role === 'monastery') {
      const [monastery] = input.monastery
        ? await db
            .select({ id: monasteries.id })
            .from(monasteries)
            .where(and(eq(monasteries.id, input.monastery), isNull(monasteries.archivedAt)))
        : [];
      if (!monastery) add('monastery', 'Choose the monastery this staff member belongs to.');
      else monasteryId = monastery.id;
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
      return { user: toSessionUser(await findActive(id)) };
    },

    async create(input: UserFormInput) {
      const checked = await checkForm(input, { passwordRequired: true });
      await db.insert(users).values({
        name: input.name.trim(),
        email: input.email,
        phone: checked.phone,
        role: input.role,
        monasteryId: checked.monasteryId,
        passwordHash: checked.passwordHash,
      });
      return list();
    },

    async update(admin: Viewer, id: number, input: UserFormInput) {
      const target = await findActive(id);
      if (target.id === admin.id && input.role !== target.role)
        throw new AppError('conflict', 'You cannot change your own role.');
      const checked = await checkForm(input, { existingId: id, passwordRequired: false });
      await db
        .update(users)
        .set({
          name: input.name.trim(),
          email: input.email,
          phone: checked.phone,
          role: input.role,
          monasteryId: checked.monasteryId,
          ...(checked.passwordHash ? { passwordHash: checked.passwordHash } : {}),
        })
        .where(eq(users.id, id));
      return list();
    },

    async remove(admin: Viewer, id: number) {
      const target = await findActive(id);
      if (target.id === admin.id) throw new AppError('conflict', 'You cannot delete your own account.');
      await db.transaction(async (tx) => {
        const counts = await Promise.all([
          tx.select({ n: count() }).from(orders).where(eq(orders.userId, id)),
          tx.select({ n: count() }).from(messages).where(eq(messages.senderId, id)),
          tx.select({ n: count() }).from(orderImages).where(eq(orderImages.uploadedBy, id)),
        ]);
        const history = counts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
        if (history > 0) {
          await tx.update(users).set({ archivedAt: new Date() }).where(eq(users.id, id));
          await tx
            .update(sessions)
            .set({ revokedAt: new Date() })
            .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
        } else {
          await tx.delete(users).where(eq(users.id, id));
        }
      });
      return list();
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
