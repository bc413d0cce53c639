import { Redirect } from 'wouter';

/** /privacy, the old address of the Privacy Policy: now the shop's page, which the merchant edits. */
export default function PrivacyPage() {
  return <Redirect to="/pages/privacy" replace />;
}
