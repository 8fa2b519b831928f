import '../auth-strings.ts';
import { Input } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadTurnstile, type TurnstileApi } from '../utils/load-turnstile.ts';

interface TurnstileWidgetProps {
  siteKey: string;
  /** A fresh token, or null when the last one expired or the check failed. */
  onToken: (token: string | null) => void;
  /** Bumped after each send: a token is good for one request, so the widget must solve again. */
  resetKey: number;
  error?: ReactNode;
}

/** The visible bot-check widget of the phone step (docs/product.md#sign-in-with-phone, Login modal). */
export function TurnstileWidget({ siteKey, onToken, resetKey, error }: TurnstileWidgetProps) {
  const { t } = useTranslation('auth');
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: TurnstileApi; id: string } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // The latest callback without re-rendering the widget when the parent re-renders.
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    let cancelled = false;
    loadTurnstile().then(
      (api) => {
        if (cancelled || !container.current) return;
        const id = api.render(container.current, {
          sitekey: siteKey,
          action: 'send-otp',
          size: 'flexible',
          theme: 'light',
          callback: (token) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(null),
          'error-callback': () => onTokenRef.current(null),
        });
        if (id) widget.current = { api, id };
      },
      () => {
        if (!cancelled) setLoadFailed(true);
      },
    );
    return () => {
      cancelled = true;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
    };
  }, [siteKey]);

  useEffect(() => {
    if (resetKey > 0 && widget.current) widget.current.api.reset(widget.current.id);
  }, [resetKey]);

  return (
    <Input.Wrapper
      labelElement="div"
      label={t('botCheck')}
      error={loadFailed ? t('botCheckUnavailable') : error}
    >
      <div ref={container} data-testid="turnstile-widget" />
    </Input.Wrapper>
  );
}
