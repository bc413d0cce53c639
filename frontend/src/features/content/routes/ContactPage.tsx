import { useId, useRef, useState, type FormEvent } from 'react';
import { useSendContact } from '../api/send-contact';
import { validateContact, type ContactErrors } from '../validate-contact';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import './ContactPage.css';
import { Field, FieldAlert, fieldErrorId } from '@/components/TextField';
import { SocialLinks } from '@/components/SocialLinks';
import { readShop, telHref } from '@/lib/shop';
import { formatPhone, whatsAppUrl } from '@/lib/whatsapp';

/**
 * The other ways to reach the shop, from its published identity: each fact she has given (phone,
 * WhatsApp, e-mail, address, opening hours, social links) and nothing for one she has not.
 */
function ReachUs() {
  const { phone, whatsapp, email, address, hours, social } = readShop();
  const facts = [
    phone && { term: 'Phone', detail: <a href={telHref(phone)}>{phone}</a> },
    whatsapp && {
      term: 'WhatsApp',
      detail: (
        <a href={whatsAppUrl(whatsapp)!} target="_blank" rel="noopener noreferrer">
          {formatPhone(whatsapp)}
        </a>
      ),
    },
    email && { term: 'E-mail', detail: <a href={`mailto:${email}`}>{email}</a> },
    address && { term: 'Address', detail: address },
    hours && { term: 'Opening hours', detail: hours },
  ].filter((fact) => !!fact);
  const anySocial = Object.values(social).some(Boolean);
  if (facts.length === 0 && !anySocial) return null;
  return (
    <section className="contact__reach" aria-labelledby="contact-reach">
      <h2 id="contact-reach">Other ways to reach us</h2>
      {facts.length > 0 && (
        <dl className="contact__facts">
          {facts.map(({ term, detail }) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{detail}</dd>
            </div>
          ))}
        </dl>
      )}
      {anySocial && <SocialLinks links={social} className="contact__social" />}
    </section>
  );
}

/** /contact: e-mail and message, checked here and by the server, then a confirmation. */
export default function ContactPage() {
  useDocumentTitle('Contact Us');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<ContactErrors>({});
  const send = useSendContact();
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const ids = { email: useId(), message: useId() };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContact({ email, message });
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.message) return messageRef.current?.focus();
    send.mutate({ email: email.trim(), message: message.trim() });
  };

  const reset = () => {
    setEmail('');
    setMessage('');
    setErrors({});
    send.reset();
  };

  return (
    <div className="container page contact">
      <div className="contact__intro">
        <span className="eyebrow">Contact Us</span>
        <h1>We'd love to hear from you</h1>
        <p>
          Questions about sizing, an order or delivery? Send us a message and our team will reply by e-mail, usually
          within one working day.
        </p>
        <ReachUs />
      </div>

      <div className="contact__card">
        {send.isSuccess ? (
          <div className="contact__done" role="status">
            <h2>Message sent</h2>
            <p>{send.data.message}</p>
            <button type="button" className="btn btn--outline" onClick={reset}>
              Send another message
            </button>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label="Contact form">
            {send.isError && (
              <p className="alert alert--error" role="alert">
                {send.error.message}
              </p>
            )}
            <Field id={ids.email} label="Email">
              <input
                ref={emailRef}
                id={ids.email}
                className="field__input"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? fieldErrorId(ids.email) : undefined}
              />
              <FieldAlert id={fieldErrorId(ids.email)} message={errors.email} />
            </Field>
            <Field id={ids.message} label="Message">
              <textarea
                ref={messageRef}
                id={ids.message}
                className="field__input"
                name="message"
                required
                rows={6}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? fieldErrorId(ids.message) : undefined}
              />
              <FieldAlert id={fieldErrorId(ids.message)} message={errors.message} />
            </Field>
            <button type="submit" className="btn btn--primary btn--block" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Message'}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
