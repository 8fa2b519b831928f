import { TOKEN_STORAGE_KEY } from '@puja/contract';

// Storage can throw (disabled cookies, some private modes); a visitor without storage is simply signed out.
export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export function saveToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Without storage the session lasts until the tab closes, which is the best we can do.
  }
}
