/**
 * What a new patron typed on `/lets-begin`, kept in this tab (sessionStorage) so a reload, or a phone that
 * drops the page while the patron looks up a spelling, does not lose it (issue 29). Tied to the account it
 * was typed for: another person signing in on the same tab starts empty. Gone once saved.
 */
const DRAFT_KEY = 'puja:lets-begin-draft';

export interface OnboardingDraft {
  name: string;
  email: string;
}

interface StoredDraft extends OnboardingDraft {
  userId: number;
}

export function readOnboardingDraft(userId: number | null): OnboardingDraft | null {
  if (userId === null) return null;
  try {
    const stored = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<StoredDraft> | null;
    if (stored?.userId !== userId || typeof stored.name !== 'string' || typeof stored.email !== 'string')
      return null;
    return { name: stored.name, email: stored.email };
  } catch {
    return null;
  }
}

export function saveOnboardingDraft(userId: number | null, draft: OnboardingDraft): void {
  if (userId === null) return;
  try {
    const stored: StoredDraft = { userId, name: draft.name, email: draft.email };
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(stored));
  } catch {
    // Storage refused (private mode, full): the page works as before, without the draft.
  }
}

export function forgetOnboardingDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing was kept.
  }
}
