import {
  LINKED_PAGES,
  OTP_MISMATCH_MESSAGE,
  PHONE_TAKEN_MESSAGE,
  paisaToRupees,
  SAME_PHONE_MESSAGE,
  type SessionUser,
  toE164,
} from '@puja/contract';
import { apiMessage } from '../../api-messages/api-messages.ts';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { SmsSender } from '../../integrations/sms/sms-sender.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { noticeText } from '../../notices/notices.ts';
import { toSessionUser, type Viewer } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { removeDepartedOfUser } from '../plans/plans.shared-queries.ts';
import { revokeSessionsOfUser } from '../session/session.shared-queries.ts';
import { codePolicyOf, consumeCodeIn, signInCodeKey, textNewCode } from '../session/sign-in-codes.ts';
import { findActiveUser, isPhoneTaken } from '../users/users.shared-queries.ts';
import {
  anonymiseUser,
  cancelOrders,
  deleteSessionsOfUser,
  deleteSignInCodesOfPhone,
  findMoneyInProgress,
  lockOrdersInProgress,
  removeWordsOfPatron,
  setUserPhone,
} from './account.queries.ts';

/**
 * The patron's own account (docs/product.md#account-settings, docs/decisions/016): moving it to a new
 * number, proved with a code texted there, and deleting it. Each change and its audit entry commit
 * together, as an administrator's changes to an account do (docs/decisions/008).
 */
export interface AccountServiceDependencies {
  db: Database;
  config: Config;
  jwtSecret: Uint8Array;
  sms: SmsSender;
  /** Where the departed's photos of the patron's plans are kept, removed with the account. */
  storage: FileStorage;
  log: { warn: (object: object, message: string) => void };
}

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted.';

export function createAccountService(dependencies: AccountServiceDependencies) {
  const { db, config, sms } = dependencies;
  const codeKey = signInCodeKey(dependencies.jwtSecret);
  const policy = codePolicyOf(config);
  // A code for a new number moves this account only (sign-in-codes.ts, `challengeHashFor`).
  const purposeOf = (patron: Viewer) => `change-phone:${patron.id}`;

  function newNumberOf(patron: Viewer, request: { code: string; phone: string }): string {
    const checked = toE164(request.code, request.phone);
    if (!checked.ok) throw new AppError('invalidInput', checked.message, { phone: [checked.message] });
    if (checked.e164 === patron.phone)
      throw new AppError('invalidInput', SAME_PHONE_MESSAGE, { phone: [SAME_PHONE_MESSAGE] });
    return checked.e164;
  }

  return {
    /**
     * Texts a code to the number the patron wants to move to, with sign-in's throttles, and answers the
     * challenge that must come back with it. Whether the number already has an account is not said here:
     * only someone who holds that number, and so has its code, learns it (when changing).
     */
    async sendPhoneChangeCode(patron: Viewer, request: { code: string; phone: string; ip: string }) {
      const phone = newNumberOf(patron, request);
      return textNewCode(
        { db, key: codeKey, policy, sms, log: dependencies.log },
        { phone, ip: request.ip, purpose: purposeOf(patron) },
        (code, minutes) =>
          noticeText(patron.language, 'sms', 'phoneChangeCode', { code, minutes: String(minutes) }),
      );
    },

    /**
     * Moves the account to the new number once its code is right. The old number is told by SMS (queued
     * with the change, so it goes exactly when the change is saved), and every other session of the account
     * ends: a phone that was lost with the old number is signed out.
     */
    async changePhone(
      patron: Viewer,
      request: { code: string; phone: string; otp: string; challenge: string },
    ): Promise<SessionUser> {
      const phone = newNumberOf(patron, request);
      const attempt = { phone, challenge: request.challenge, code: request.otp, purpose: purposeOf(patron) };
      let changed: SessionUser | undefined;
      try {
        changed = await db.transaction(async (tx) => {
          // A wrong try is committed (it counts against the code); a refusal after a right code rolls the
          // code back with everything else, so the person may still use it.
          if (!(await consumeCodeIn(tx, codeKey, policy, attempt))) return undefined;
          const current = await findActiveUser(tx, patron.id, 'no key update');
          if (!current) throw new AppError('forbidden', 'This account is closed.');
          if (await isPhoneTaken(tx, phone, patron.id))
            throw new AppError('conflict', PHONE_TAKEN_MESSAGE, { phone: [PHONE_TAKEN_MESSAGE] });
          const updated = await setUserPhone(tx, patron.id, phone);
          await revokeSessionsOfUser(tx, patron.id, { keepSessionId: patron.sessionId });
          await recordAudit(tx, {
            actor: patron,
            action: 'update',
            subject: 'user',
            subjectId: patron.id,
            // A changed number changes how someone signs in: an administrator must be able to trace it.
            before: { phone: current.phone },
            after: { phone },
          });
          if (current.phone) {
            await enqueueJob(tx, 'send-sms', {
              to: current.phone,
              text: noticeText(current.language, 'smsShort', 'phoneChanged', {
                ending: phone.slice(-3),
                contactUrl: `${config.publicUrl}${LINKED_PAGES.contact}`,
              }),
            });
          }
          return toSessionUser(updated);
        });
      } catch (error) {
        // Two accounts moving to one number at the same moment: the unique index decides.
        // Drizzle wraps the driver's error: PostgreSQL's state is on its cause.
        const { code } = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
        if (code === '23505')
          throw new AppError('conflict', PHONE_TAKEN_MESSAGE, { phone: [PHONE_TAKEN_MESSAGE] });
        throw error;
      }
      // A wrong code is a field's problem, not a failed sign-in: a 401 would end the patron's session.
      if (!changed) throw new AppError('invalidInput', OTP_MISMATCH_MESSAGE, { otp: [OTP_MISMATCH_MESSAGE] });
      return changed;
    },

    /**
     * Deletes the patron's account, unless an order still holds their money (docs/decisions/016): every
     * rupee must first buy a puja that is performed or go back to them, and they must be reachable, and
     * able to see it happen, until it has. Unpaid pending orders are cancelled; everything else the
     * monastery and the accounts keep stays, without the person (account.queries.ts says what goes).
     */
    async deleteAccount(patron: Viewer): Promise<{ message: string }> {
      const photoKeys = await db.transaction(async (tx) => {
        const current = await findActiveUser(tx, patron.id, 'update');
        if (!current) throw new AppError('forbidden', 'This account is closed.');
        const inProgress = await lockOrdersInProgress(tx, patron.id);
        const money = await findMoneyInProgress(
          tx,
          inProgress.map((order) => order.id),
        );
        const reasons: string[] = [];
        for (const order of inProgress) {
          const payments = money.find((row) => row.order_id === order.id);
          const reason = whyOrderHoldsMoney(order, payments);
          if (reason) reasons.push(reason);
        }
        if (reasons.length > 0) {
          throw new AppError(
            'conflict',
            // Sentences of the catalogue one after another, so each is translated on its own.
            [apiMessage('deletionRefused', {}), ...reasons].join(' '),
          );
        }

        const at = new Date();
        await cancelOrders(
          tx,
          inProgress.filter((order) => order.status === 'pending').map((order) => order.id),
        );
        await removeWordsOfPatron(tx, patron.id);
        const departedPhotos = await removeDepartedOfUser(tx, patron.id);
        await anonymiseUser(tx, patron.id, at);
        await deleteSessionsOfUser(tx, patron.id);
        if (current.phone) await deleteSignInCodesOfPhone(tx, current.phone);
        await recordAudit(tx, {
          actor: patron,
          action: 'delete',
          subject: 'user',
          subjectId: patron.id,
          // Who it was is exactly what is gone: only the role is kept.
          before: { role: current.role },
          after: null,
        });
        return departedPhotos;
      });
      // The files once nothing points at them; one the storage fails to remove is logged, not kept silently.
      for (const key of photoKeys)
        await dependencies.storage
          .deletePrivate(key)
          .catch((error: unknown) =>
            dependencies.log.warn({ err: error, key }, 'A deleted account’s departed photo was not removed'),
          );
      return { message: ACCOUNT_DELETED_MESSAGE };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * Why an order keeps its patron's account alive, as a sentence that follows its number, or undefined when
 * it holds none of their money (an unpaid pending order is simply cancelled with the account).
 */
function whyOrderHoldsMoney(
  order: { number: string; status: string; paymentStatus: string },
  payments: { refund_paisa: number; paying: boolean } | undefined,
): string | undefined {
  if (order.status === 'approved') return apiMessage('deletionApproved', { order: order.number });
  if (order.status === 'pending' && order.paymentStatus === 'Completed')
    return apiMessage('deletionPaidPending', { order: order.number });
  if (payments && payments.refund_paisa > 0)
    return apiMessage('deletionRefundDue', {
      order: order.number,
      amount: paisaToRupees(payments.refund_paisa),
    });
  if (payments?.paying) return apiMessage('deletionPaying', { order: order.number });
  return undefined;
}
