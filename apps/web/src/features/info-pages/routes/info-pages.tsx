import '../info-pages-strings.ts';
import { InfoPage } from '../components/info-page.tsx';

// The route table loads the information pages from this one module.
export { ContactPage } from './contact-page.tsx';

/** `/about`, `/faq`, `/terms`, `/privacy` and `/refunds` (docs/product.md#information-pages). */
export function AboutPage() {
  return <InfoPage page="about" />;
}

export function FaqPage() {
  return <InfoPage page="faq" />;
}

export function TermsPage() {
  return <InfoPage page="terms" />;
}

export function PrivacyPage() {
  return <InfoPage page="privacy" />;
}

export function RefundsPage() {
  return <InfoPage page="refunds" />;
}
