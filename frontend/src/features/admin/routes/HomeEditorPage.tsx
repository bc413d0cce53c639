import { useId, useState, type FormEvent } from 'react';
import { usePublishBrand, useRevertBrand } from '../api/brand';
import { useHomeEditor, useLookChanged, useSaveHome, type HomeEditor } from '../api/home';
import { FormNotice, type Notice } from '../components/AdminPanel';
import { DRAFT_SAVED, DraftActions, PUBLISHED, REVERTED } from '../components/DraftActions';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { SECTION_NAMES, SectionFields, newSlide } from '../components/home/SectionFields';
import { PageShell } from '@/components/PageShell';
import { Select } from '@/components/forms/Select';
import { failureMessage } from '@/lib/api';
import type { HomeSection, Image } from '@/lib/types';
import '../admin.css';
import './HomeEditorPage.css';

const MAX_SECTIONS = 12;
const MAX_BANNERS = 4;

/** A new section of `type`, with words to start from. */
function newSection(type: HomeSection['type']): HomeSection {
  switch (type) {
    case 'announcement':
      return { type, text: '', link: null };
    case 'hero':
      return { type, slides: [newSlide()] };
    case 'collections':
    case 'featured':
      return { type, heading: '', blurb: '' };
    case 'releases':
      return { type };
    case 'banner':
      return { type, picture: null, heading: '', text: '', button: null };
    case 'whatsapp':
      return { type, heading: 'Order on WhatsApp', text: 'Ask us anything, we reply fast.' };
  }
}

/** The kinds the merchant may still add (one of each, but up to four picture banners). */
export function addable(sections: readonly HomeSection[]): Array<HomeSection['type']> {
  const kinds = Object.keys(SECTION_NAMES) as Array<HomeSection['type']>;
  if (sections.length >= MAX_SECTIONS) return [];
  return kinds.filter((kind) =>
    kind === 'banner'
      ? sections.filter((s) => s.type === 'banner').length < MAX_BANNERS
      : !sections.some((s) => s.type === kind),
  );
}

/**
 * /admin/home (owners and managers): the home page as an ordered list of sections — add, remove,
 * reorder and edit them, save a draft, preview the storefront with it, publish (with the rest of
 * the shop's look, the Shop identity screen's), or go back to the version published before.
 */
export default function HomeEditorPage() {
  const editor = useHomeEditor();
  return (
    <PageShell title="Home page" eyebrow="Admin">
      <PageBar state="Your home page's sections, in order. Save a draft, preview it, then publish." />
      <Loaded query={editor} loading="Loading the home page…">
        {(view) => <SectionsEditor view={view} />}
      </Loaded>
    </PageShell>
  );
}

function SectionsEditor({ view }: { view: HomeEditor }) {
  const save = useSaveHome();
  const publish = usePublishBrand();
  const revert = useRevertBrand();
  const changed = useLookChanged();
  const [sections, setSections] = useState<HomeSection[]>(view.draft.sections);
  const [pictures, setPictures] = useState<Record<string, Image>>(view.pictures);
  const [adding, setAdding] = useState<HomeSection['type'] | ''>('');
  const [notice, setNotice] = useState<Notice>(null);
  const noticeId = useId();
  const edited = JSON.stringify(sections) !== JSON.stringify(view.draft.sections);
  const busy = save.isPending || publish.isPending || revert.isPending;
  const failed = (fallback: string) => (e: unknown) => setNotice({ tone: 'error', text: failureMessage(e, fallback) });

  const edit = (next: HomeSection[] | ((now: HomeSection[]) => HomeSection[])) => {
    setSections(next);
    if (notice?.tone === 'success') setNotice(null);
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...sections];
    const [taken] = next.splice(i, 1);
    if (taken) next.splice(i + by, 0, taken);
    edit(next);
  };

  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    save.mutate(
      { sections },
      {
        onSuccess: (answer) => {
          setSections(answer.draft.sections);
          setPictures(answer.pictures);
          setNotice({ tone: 'success', text: DRAFT_SAVED });
        },
        onError: failed('Could not save the draft. Please try again.'),
      },
    );
  };
  const step = (mutation: typeof publish, done: string, fallback: string) => () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        void changed();
        setNotice({ tone: 'success', text: done });
      },
      onError: failed(fallback),
    });

  const kinds = addable(sections);
  return (
    <form
      className="home-editor"
      onSubmit={onSave}
      noValidate
      aria-label="Home page sections"
      aria-describedby={noticeId}
    >
      <div id={noticeId}>
        <FormNotice notice={notice} />
      </div>
      <p className="muted" role="status">
        {view.unpublishedChanges || edited
          ? 'You have changes shoppers do not see yet.'
          : 'Shoppers see what is below.'}
      </p>
      <ol className="home-sections">
        {sections.map((section, i) => {
          const name = SECTION_NAMES[section.type];
          const place = `Section ${i + 1}`;
          return (
            <li key={i} className="admin-card home-section">
              <div className="home-section__head">
                <h2 className="admin-card__title">
                  {i + 1}. {name}
                </h2>
                <div className="home-section__tools">
                  <button
                    type="button"
                    className="btn btn--sm btn--outline"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={`Move ${name} up`}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    className="btn btn--sm btn--outline"
                    disabled={i === sections.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`Move ${name} down`}
                  >
                    Down
                  </button>
                  <button
                    type="button"
                    className="btn btn--sm btn--outline"
                    onClick={() => edit(sections.filter((_, j) => j !== i))}
                    aria-label={`Remove ${name}`}
                  >
                    Remove
                  </button>
                </div>
              </div>
              <SectionFields
                section={section}
                place={place}
                pictures={pictures}
                onChange={(next) => edit(sections.map((s, j) => (j === i ? next : s)))}
                onUpdate={(update) => edit((now) => now.map((s, j) => (j === i ? update(s) : s)))}
                onPicture={(stored) => setPictures((p) => ({ ...p, [stored.key]: stored.image }))}
              />
            </li>
          );
        })}
      </ol>
      {kinds.length > 0 && (
        <div className="home-add">
          <label className="field__label" htmlFor={`${noticeId}-add`}>
            Add a section
          </label>
          <div className="home-add__row">
            <Select
              id={`${noticeId}-add`}
              value={adding}
              placeholder="Choose a kind of section"
              options={kinds.map((kind) => ({ value: kind, label: SECTION_NAMES[kind] }))}
              onValueChange={(kind) => setAdding(kind)}
            />
            <button
              type="button"
              className="btn btn--outline"
              disabled={!adding}
              onClick={() => {
                if (!adding) return;
                edit([...sections, newSection(adding)]);
                setAdding('');
              }}
            >
              Add
            </button>
          </div>
        </div>
      )}
      <DraftActions
        className="home-actions"
        busy={busy}
        edited={edited}
        unpublished={view.unpublishedChanges}
        canRevert={view.canRevert}
        onPublish={step(publish, PUBLISHED, 'Could not publish. Please try again.')}
        onRevert={step(revert, REVERTED, 'Could not go back. Please try again.')}
      />
    </form>
  );
}
