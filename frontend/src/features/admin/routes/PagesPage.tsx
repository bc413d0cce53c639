import { useId, useState, type FormEvent } from 'react';
import { useAdminPages, useDeletePage, usePreviewPage, useSavePage } from '../api/shelves';
import { FormNotice, type Notice } from '../components/AdminPanel';
import { TextAreaField } from '../components/Fields';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { PageShell } from '@/components/PageShell';
import { TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import { pagePath } from '@/lib/collections';
import type { ShopPage } from '@/lib/types';
import '../admin.css';
import './PagesPage.css';

/** The caps the server keeps (src/pages): checked here first so a slip shows before sending. */
export const MAX_TITLE = 80;
export const MAX_DESCRIPTION = 300;
export const MAX_BODY_BYTES = 100_000;

/** The first problem with a page's fields, or null. */
export function pageProblem(title: string, body: string): string | null {
  if (!title.trim()) return 'Give the page a title.';
  if (!body.trim()) return "Write the page's text.";
  const bytes = new TextEncoder().encode(body).length;
  if (bytes > MAX_BODY_BYTES) {
    return `The page is too long (${Math.ceil(bytes / 1000)} KB): a page may hold at most ${MAX_BODY_BYTES / 1000} KB of Markdown.`;
  }
  return null;
}

/**
 * /admin/pages: the shop's own pages (Privacy Policy, Returns & Exchanges…). Each is written in
 * Markdown, previewed as the server will render it, and saved at its stable address /pages/{slug}.
 */
export default function PagesPage() {
  const pages = useAdminPages();
  const [editing, setEditing] = useState<string | null>(null);
  // The editor starts afresh when the admin opens a page (or a new one), not when a new page is
  // saved and gets its slug: its fields and its "Saved" notice stay.
  const [opened, setOpened] = useState(0);
  const open = (slug: string) => {
    setEditing(slug);
    setOpened((n) => n + 1);
  };
  return (
    <PageShell title="Pages" eyebrow="Admin">
      <PageBar state="Policies and pages of your own, listed in the footer." refresh={pages}>
        <button type="button" className="btn btn--sm btn--dark" onClick={() => open('')}>
          New page
        </button>
      </PageBar>
      <Loaded query={pages} loading="Loading pages…">
        {(list) => (
          <>
            <ul className="admin-stack admin-pages">
              {list.map((page) => (
                <li key={page.slug} className="admin-stack__item row-apart">
                  <div className="admin-pages__main">
                    <span className="admin-pages__title">{page.title}</span>
                    <a className="text-link admin-pages__address" href={pagePath(page.slug)}>
                      {pagePath(page.slug)}
                    </a>
                    {!page.inFooter && <span className="muted">Not in the footer</span>}
                  </div>
                  <button
                    type="button"
                    className="btn btn--sm btn--outline"
                    aria-label={`Edit ${page.title}`}
                    onClick={() => open(page.slug)}
                  >
                    Edit
                  </button>
                </li>
              ))}
            </ul>
            {editing !== null && (
              <PageEditor
                key={opened}
                page={list.find((p) => p.slug === editing) ?? null}
                onClose={() => setEditing(null)}
                onSaved={(saved) => setEditing(saved.slug)}
              />
            )}
          </>
        )}
      </Loaded>
    </PageShell>
  );
}

function PageEditor({
  page,
  onClose,
  onSaved,
}: {
  page: ShopPage | null;
  onClose: () => void;
  onSaved: (page: ShopPage) => void;
}) {
  const save = useSavePage();
  const remove = useDeletePage();
  const preview = usePreviewPage();
  const [title, setTitle] = useState(page?.title ?? '');
  const [description, setDescription] = useState(page?.description ?? '');
  const [body, setBody] = useState(page?.body ?? '');
  const [inFooter, setInFooter] = useState(page?.inFooter ?? true);
  const [notice, setNotice] = useState<Notice>(null);
  const [shown, setShown] = useState<string | null>(null);
  const headingId = useId();
  const previewId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const problem = pageProblem(title, body);
    if (problem) return setNotice({ tone: 'error', text: problem });
    setNotice(null);
    save.mutate(
      { slug: page?.slug ?? null, body: { title: title.trim(), description: description.trim(), body, inFooter } },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          setNotice({ tone: 'success', text: `Saved. The page is at ${pagePath(saved.slug)}.` });
        },
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, 'Could not save the page.') }),
      },
    );
  };

  const showPreview = () => {
    const problem = pageProblem(title || 'Preview', body);
    if (problem) return setNotice({ tone: 'error', text: problem });
    setNotice(null);
    preview.mutate(body, {
      onSuccess: (answer) => setShown(answer.html),
      onError: (e) => {
        setShown(null);
        setNotice({ tone: 'error', text: failureMessage(e, 'Could not preview the page.') });
      },
    });
  };

  const onDelete = () => {
    if (!page || !window.confirm(`Delete ${page.title}? Its address will show Page not found.`)) return;
    remove.mutate(page.slug, {
      onSuccess: onClose,
      onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, 'Could not delete the page.') }),
    });
  };

  return (
    <form className="admin-stack__item admin-page-editor" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-page-editor__title">
        {page ? `Edit ${page.title}` : 'New page'}
      </h2>
      <TextField
        label="Title"
        value={title}
        onValueChange={setTitle}
        required
        maxLength={MAX_TITLE}
        autoComplete="off"
      />
      <TextField
        label="Description"
        hint="Shown by search engines and in shared links' previews."
        value={description}
        onValueChange={setDescription}
        maxLength={MAX_DESCRIPTION}
        autoComplete="off"
        optional
      />
      <TextAreaField
        label="Text (Markdown)"
        hint="## for a heading, **bold**, - for a list, [words](https://…) for a link. HTML is not allowed."
        value={body}
        onValueChange={setBody}
        rows={16}
        required
      />
      <label className="admin-page-editor__check">
        <input type="checkbox" checked={inFooter} onChange={(e) => setInFooter(e.target.checked)} />
        List it in the footer
      </label>
      <FormNotice notice={notice} />
      <div className="admin-page-editor__actions">
        <button type="submit" className="btn btn--dark" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save page'}
        </button>
        <button type="button" className="btn btn--outline" onClick={showPreview} disabled={preview.isPending}>
          Preview
        </button>
        {page && (
          <button type="button" className="btn btn--outline" onClick={onDelete} disabled={remove.isPending}>
            Delete page
          </button>
        )}
        <button type="button" className="btn btn--outline" onClick={onClose}>
          Close
        </button>
      </div>
      {shown !== null && (
        <section className="admin-page-editor__preview" aria-labelledby={previewId}>
          <h3 id={previewId} className="admin-page-editor__preview-title">
            Preview
          </h3>
          <article className="prose">
            <h1>{title}</h1>
            {/* Rendered by the server, which keeps no raw HTML and only safe links (src/pages). */}
            <div dangerouslySetInnerHTML={{ __html: shown }} />
          </article>
        </section>
      )}
    </form>
  );
}
