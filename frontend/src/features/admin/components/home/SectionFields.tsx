import { TextAreaField } from '../Fields';
import { PictureField, type StoredPicture } from './PictureField';
import { TargetField } from './TargetField';
import { TextField } from '@/components/TextField';
import type { HomeButton, HomeSection, HomeSlide, Image } from '@/lib/types';

/** The server's caps (src/brand/home.rs), so a slip shows while typing. */
export const MAX_SLIDES = 5;

/** What each kind of section is called on the screen. */
export const SECTION_NAMES: Record<HomeSection['type'], string> = {
  announcement: 'Announcement bar',
  hero: 'Hero slides',
  collections: 'Collections grid',
  releases: 'New releases',
  featured: 'Featured products',
  banner: 'Picture banner',
  whatsapp: 'WhatsApp banner',
};

type SectionFieldsProps = {
  section: HomeSection;
  /** "Section 2": names the fields of this section. */
  place: string;
  pictures: Readonly<Record<string, Image>>;
  onChange: (section: HomeSection) => void;
  /** A change applied to the section as it is when it lands (an upload ends after other edits). */
  onUpdate: (update: (section: HomeSection) => HomeSection) => void;
  onPicture: (picture: StoredPicture) => void;
};

function ButtonFields({
  label,
  button,
  onChange,
}: {
  label: string;
  button: HomeButton;
  onChange: (b: HomeButton) => void;
}) {
  return (
    <div className="home-button">
      <TextField
        label={`${label} label`}
        value={button.label}
        maxLength={24}
        onValueChange={(text) => onChange({ ...button, label: text })}
      />
      <TargetField label={label} value={button.target} onChange={(target) => onChange({ ...button, target })} />
    </div>
  );
}

type WordsFieldsProps = {
  place: string;
  heading: string;
  words: string;
  /** Empty words take the shop's own (the collections grid, the featured products). */
  seeded?: boolean;
  wordsLabel?: string;
  rows: number;
  onChange: (heading: string, words: string) => void;
};

/** A section's heading and the words under it. */
function WordsFields({
  place,
  heading,
  words,
  seeded = false,
  wordsLabel = 'words',
  rows,
  onChange,
}: WordsFieldsProps) {
  return (
    <>
      <TextField
        label={`${place}: heading`}
        hint={seeded ? "Empty: the shop's own words." : undefined}
        value={heading}
        maxLength={80}
        optional={seeded}
        onValueChange={(next) => onChange(next, words)}
      />
      <TextAreaField
        label={`${place}: ${wordsLabel}`}
        value={words}
        maxLength={300}
        rows={rows}
        onValueChange={(next) => onChange(heading, next)}
      />
    </>
  );
}

/** A new slide: the merchant adds its picture and words. */
export const newSlide = (): HomeSlide => ({
  picture: null,
  kicker: '',
  line: '',
  button: { label: 'Shop now', target: { kind: 'collections' } },
});

/** The fields of one section, by its kind. */
export function SectionFields({ section, place, pictures, onChange, onUpdate, onPicture }: SectionFieldsProps) {
  const picture = (key: string | null | undefined) => (key ? pictures[key] : undefined);
  switch (section.type) {
    case 'announcement':
      return (
        <>
          <TextField
            label={`${place}: announcement`}
            placeholder="Free delivery in Lagos over ₦50,000"
            value={section.text}
            maxLength={120}
            onValueChange={(text) => onChange({ ...section, text })}
          />
          <label className="home-check">
            <input
              type="checkbox"
              checked={!!section.link}
              onChange={(e) => onChange({ ...section, link: e.target.checked ? { kind: 'collections' } : null })}
            />
            The announcement is a link
          </label>
          {section.link && (
            <TargetField
              label={`${place}'s link`}
              value={section.link}
              onChange={(link) => onChange({ ...section, link })}
            />
          )}
        </>
      );
    case 'hero': {
      const setSlide = (i: number, slide: HomeSlide) =>
        onChange({ ...section, slides: section.slides.map((s, j) => (j === i ? slide : s)) });
      return (
        <>
          <ol className="home-slides">
            {section.slides.map((slide, i) => {
              const name = `Slide ${i + 1}`;
              return (
                <li key={i} className="home-slide">
                  <div className="home-slide__head">
                    <h3>{name}</h3>
                    {section.slides.length > 1 && (
                      <button
                        type="button"
                        className="btn btn--sm btn--outline"
                        onClick={() => onChange({ ...section, slides: section.slides.filter((_, j) => j !== i) })}
                      >
                        Remove {name.toLowerCase()}
                      </button>
                    )}
                  </div>
                  <PictureField
                    label={`${name} picture`}
                    image={picture(slide.picture)}
                    onStored={(stored) => {
                      onPicture(stored);
                      onUpdate((now) =>
                        now.type === 'hero'
                          ? { ...now, slides: now.slides.map((s, j) => (j === i ? { ...s, picture: stored.key } : s)) }
                          : now,
                      );
                    }}
                  />
                  <TextField
                    label={`${name} kicker`}
                    value={slide.kicker}
                    maxLength={40}
                    optional
                    onValueChange={(kicker) => setSlide(i, { ...slide, kicker })}
                  />
                  <TextField
                    label={`${name} line`}
                    value={slide.line}
                    maxLength={160}
                    optional
                    onValueChange={(line) => setSlide(i, { ...slide, line })}
                  />
                  <ButtonFields
                    label={`${name} button`}
                    button={slide.button}
                    onChange={(button) => setSlide(i, { ...slide, button })}
                  />
                </li>
              );
            })}
          </ol>
          {section.slides.length < MAX_SLIDES && (
            <button
              type="button"
              className="btn btn--sm btn--outline"
              onClick={() => onChange({ ...section, slides: [...section.slides, newSlide()] })}
            >
              Add a slide
            </button>
          )}
        </>
      );
    }
    case 'collections':
    case 'featured':
      return (
        <WordsFields
          place={place}
          heading={section.heading ?? ''}
          words={section.blurb ?? ''}
          seeded
          wordsLabel="words under the heading"
          rows={2}
          onChange={(heading, blurb) => onChange({ ...section, heading, blurb })}
        />
      );
    case 'releases':
      return <p className="muted">The new releases you add from the home page, as a slideshow.</p>;
    case 'banner':
      return (
        <>
          <PictureField
            label={`${place}: picture`}
            image={picture(section.picture)}
            onStored={(stored) => {
              onPicture(stored);
              onUpdate((now) => (now.type === 'banner' ? { ...now, picture: stored.key } : now));
            }}
          />
          <WordsFields
            place={place}
            heading={section.heading}
            words={section.text ?? ''}
            rows={3}
            onChange={(heading, text) => onChange({ ...section, heading, text })}
          />
          <label className="home-check">
            <input
              type="checkbox"
              checked={!!section.button}
              onChange={(e) =>
                onChange({
                  ...section,
                  button: e.target.checked ? { label: 'Shop now', target: { kind: 'collections' } } : null,
                })
              }
            />
            The banner has a button
          </label>
          {section.button && (
            <ButtonFields
              label={`${place}: button`}
              button={section.button}
              onChange={(button) => onChange({ ...section, button })}
            />
          )}
        </>
      );
    case 'whatsapp':
      return (
        <>
          <p className="muted">A button that opens a WhatsApp chat with the number on the Shop identity screen.</p>
          <WordsFields
            place={place}
            heading={section.heading}
            words={section.text ?? ''}
            rows={2}
            onChange={(heading, text) => onChange({ ...section, heading, text })}
          />
        </>
      );
  }
}
