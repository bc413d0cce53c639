import { Link } from 'wouter';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

/** /privacy: what the shop collects, why, who else sees it, and for how long. */
export default function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <div className="container page">
      <article className="prose">
        <span className="eyebrow">Legal</span>
        <h1>Privacy Policy</h1>
        <p className="muted">Last updated: 1 November 2026</p>
        <p>
          Ankara is an online shop based in Nigeria. This policy explains what personal data we collect when you use our
          website, why we collect it, who we share it with and how long we keep it. We process personal data in line
          with the Nigeria Data Protection Act 2023.
        </p>

        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Your account:</strong> your name, e-mail address, password (stored only as a secure one-way hash,
            never in readable form), and, if you add them, your phone number and profile photo.
          </li>
          <li>
            <strong>Your orders:</strong> the items you buy, their prices, the order total, the payment reference and
            status, and the delivery address and phone number you give at checkout.
          </li>
          <li>
            <strong>Your bag and saved items</strong>, so they are still there next time you sign in.
          </li>
          <li>
            <strong>Messages you send us</strong> through the contact form, with the e-mail address to reply to.
          </li>
          <li>
            <strong>Technical records:</strong> our server keeps short logs of requests (such as IP address and time) to
            keep the shop secure and to stop abuse such as repeated failed logins.
          </li>
        </ul>

        <h2>Payments</h2>
        <p>
          Card payments are handled by Paystack, a licensed payment processor. You enter your card details in Paystack's
          secure payment window: your card number, expiry date and CVV go directly to Paystack and never touch our
          servers. We only receive a payment reference and confirmation of whether the payment succeeded, and for how
          much.
        </p>

        <h2>How we use your data</h2>
        <ul>
          <li>To create and run your account and keep you signed in.</li>
          <li>To process, deliver and support your orders, including tracking and returns.</li>
          <li>To answer your messages and send e-mails you ask for, such as password reset links.</li>
          <li>To protect the shop and our customers against fraud and misuse.</li>
        </ul>
        <p>We do not sell your personal data, and we do not use it for third-party advertising.</p>

        <h2>Who we share it with</h2>
        <ul>
          <li>Paystack, to take your payment.</li>
          <li>Our delivery partners, who receive only your name, phone number and delivery address.</li>
          <li>Authorities, where Nigerian law requires us to.</li>
        </ul>

        <h2>Cookies</h2>
        <p>
          We use a single cookie, only to keep you signed in to your account. It is strictly necessary for the shop to
          work. We use no advertising, analytics or tracking cookies.
        </p>

        <h2>How long we keep it</h2>
        <ul>
          <li>Account details: for as long as your account is open. When you ask us to close it, we delete them.</li>
          <li>
            Orders and payment records: six years after the purchase, as Nigerian tax and accounting rules require.
          </li>
          <li>Contact messages: up to two years, so we can follow up on earlier conversations.</li>
          <li>Server logs: no longer than 90 days.</li>
        </ul>

        <h2>Your rights</h2>
        <p>
          You may ask for a copy of the personal data we hold about you, ask us to correct or delete it, or object to
          how we use it. You can update most account details yourself in My Account. If you are unhappy with how we
          handle your data, you may complain to the Nigeria Data Protection Commission.
        </p>

        <h2>Security</h2>
        <p>
          We protect your data with encrypted connections, hashed passwords and restricted access. No system is
          perfectly secure, so please use a strong password that you use nowhere else.
        </p>

        <h2>Contact</h2>
        <p>
          For any question about this policy or your data, write to us through our{' '}
          <Link href="/contact" className="text-link">
            contact form
          </Link>
          . We will reply within 30 days.
        </p>
      </article>
    </div>
  );
}
