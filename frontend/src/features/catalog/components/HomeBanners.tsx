import { SectionLink } from './SectionLink';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import type { ButtonView, Image, SectionView } from '@/lib/types';
import { whatsAppUrl } from '@/lib/whatsapp';
import './HomeBanners.css';

// The merchant's picture and WhatsApp banners: a chunk of their own, fetched only by a home page
// that has one (the first page's JavaScript budget holds for the seed's layout).

type PictureBannerProps = {
  picture?: Image | null;
  heading: string;
  text: string;
  button?: ButtonView | null;
  onExplore: () => void;
};

/** A picture beside the merchant's heading, words and button (stacked on phones). */
export function PictureBanner({ picture, heading, text, button, onExplore }: PictureBannerProps) {
  return (
    <section className="section picture-banner" aria-label={heading}>
      <div className="container picture-banner__inner">
        {picture && (
          <div className="picture-banner__art">
            <ResponsiveImage
              image={picture}
              alt=""
              sizes="(min-width: 768px) 50vw, 100vw"
              className="picture-banner__img"
            />
          </div>
        )}
        <div className="picture-banner__words">
          <h2>{heading}</h2>
          {text && <p>{text}</p>}
          {button && (
            <SectionLink href={button.href} className="btn btn--primary" onExplore={onExplore}>
              {button.label}
            </SectionLink>
          )}
        </div>
      </div>
    </section>
  );
}

/** "Order on WhatsApp": the merchant's words and a button that opens a chat with the shop. */
export function WhatsAppBanner({ heading, text, number }: { heading: string; text: string; number: string }) {
  const href = whatsAppUrl(number);
  if (!href) return null;
  return (
    <section className="section whatsapp-banner" aria-label={heading}>
      <div className="container whatsapp-banner__inner">
        <div>
          <h2>{heading}</h2>
          {text && <p>{text}</p>}
        </div>
        <a className="btn btn--primary" href={href} target="_blank" rel="noopener noreferrer">
          Chat on WhatsApp
        </a>
      </div>
    </section>
  );
}

/** A banner section of the home page, whichever kind (the one export the home page loads). */
export default function HomeBanner({
  section,
  onExplore,
}: {
  section: Extract<SectionView, { type: 'banner' | 'whatsapp' }>;
  onExplore: () => void;
}) {
  return section.type === 'banner' ? (
    <PictureBanner {...section} onExplore={onExplore} />
  ) : (
    <WhatsAppBanner heading={section.heading} text={section.text} number={section.number} />
  );
}
