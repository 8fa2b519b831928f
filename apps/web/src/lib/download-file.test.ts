import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, textOf } from '../test/downloads.ts';
import { ApiError } from './api-client.ts';
import { downloadFile, fileNameOf } from './download-file.ts';

describe('downloadFile', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function answerFile(status: number, body: string, headers: Record<string, string>) {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body, { status, headers }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it("fetches with the session's token and saves the file under the server's name", async () => {
    window.localStorage.setItem('token', 'abc.def');
    const saved = captureDownloads();
    const fetchMock = answerFile(200, 'number,amount\nPJ-7K3M9Q,1500\n', {
      'Content-Type': 'text/csv',
      'Content-Disposition': 'attachment; filename="payments-2026-11-20.csv"',
    });

    await expect(
      downloadFile('/api/admin/payments/export.csv?status=Refund+due', 'payments.csv'),
    ).resolves.toBe('payments-2026-11-20.csv');

    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/admin/payments/export.csv?status=Refund+due');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc.def');
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(saved.map((file) => file.name)).toEqual(['payments-2026-11-20.csv']);
    await expect(textOf(saved[0]!)).resolves.toBe('number,amount\nPJ-7K3M9Q,1500\n');
    // The temporary link is gone again.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('uses the fallback name when the server gives none', async () => {
    const saved = captureDownloads();
    answerFile(200, '%PDF-1.7', { 'Content-Type': 'application/pdf' });

    await downloadFile('/api/order/41/receipt', 'receipt-PJ-7K3M9Q.pdf');

    expect(saved.map((file) => file.name)).toEqual(['receipt-PJ-7K3M9Q.pdf']);
  });

  it("fails with the server's message, saving nothing", async () => {
    const saved = captureDownloads();
    answerFile(404, JSON.stringify({ message: 'Nothing has been paid for this order yet.' }), {
      'Content-Type': 'application/json',
    });

    const error = await downloadFile('/api/order/41/receipt', 'receipt.pdf').catch((caught) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Nothing has been paid for this order yet.' });
    expect(saved).toEqual([]);
  });

  it('reads the names Content-Disposition gives', () => {
    expect(fileNameOf('attachment; filename="receipt PJ-7K3M9Q.pdf"')).toBe('receipt PJ-7K3M9Q.pdf');
    expect(fileNameOf('attachment; filename=payments.csv')).toBe('payments.csv');
    expect(fileNameOf(`attachment; filename="receipt.pdf"; filename*=UTF-8''r%C3%A9%C3%A7u.pdf`)).toBe(
      'réçu.pdf',
    );
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
