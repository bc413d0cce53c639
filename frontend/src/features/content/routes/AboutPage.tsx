import { useAbout } from '../api/get-about';
import { AdminSlot } from '@/components/AdminSlot';
import { Message } from '@/components/Message';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { PageSpinner } from '@/components/Spinner';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import './AboutPage.css';

const IMAGE_SIZES = '(min-width: 1232px) 560px, (min-width: 900px) 46vw, 100vw';

/** /about: the latest About Us content in two alternating text-and-picture rows. */
export default function AboutPage() {
  const { data: about, isPending, isError } = useAbout();
  useDocumentTitle('About Us');

  if (isPending) return <PageSpinner label="Loading About Us…" />;

  if (isError) {
    return (
      <div className="container page">
        <Message title="Error loading About Us content" tone="error" as="h1" />
      </div>
    );
  }

  if (!about) {
    return (
      <>
        <div className="container page">
          <Message title="About Us" as="h1">
            <p>Our story is on its way. Check back soon.</p>
          </Message>
        </div>
        <AdminSlot name="about.form" props={{ about: null }} />
      </>
    );
  }

  return (
    <>
      <div className="container page about">
        <header className="about__header">
          <span className="eyebrow">About Us</span>
          <h1>{about.title}</h1>
        </header>
        <div className="about__row">
          <div className="about__text">
            {about.description1.split(/\n\s*\n/).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
          {about.image1 && (
            <figure className="about__figure">
              <ResponsiveImage image={about.image1} alt="" sizes={IMAGE_SIZES} className="about__img" priority />
            </figure>
          )}
        </div>
        <div className="about__row about__row--reverse">
          <div className="about__text">
            {about.description2.split(/\n\s*\n/).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
          {about.image2 && (
            <figure className="about__figure">
              <ResponsiveImage image={about.image2} alt="" sizes={IMAGE_SIZES} className="about__img" />
            </figure>
          )}
        </div>
      </div>
      <AdminSlot name="about.form" props={{ about }} />
    </>
  );
}
