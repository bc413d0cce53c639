import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../api/keys';
import { AdminPanel, FormNotice, UploadProgress, type Notice } from '../components/AdminPanel';
import { FileField, TextAreaField, TextField } from '../components/Fields';
import { formatTwoDecimalPercent } from '../lib/progress';
import { useUpload } from '../lib/useUpload';
import { validateAbout } from '../lib/validate';
import type { About } from '@/lib/types';

export const ABOUT_CREATED = 'About Us page created successfully';
export const ABOUT_UPDATED = 'About Us page updated successfully';

/**
 * About Us (admins only), below the page: create mode while no About Us exists, update mode
 * (prefilled) once it does. Pictures are optional; the stored ones stay unless new ones are chosen.
 */
export default function AboutFormSlot({ about }: { about: About | null }) {
  const headingId = useId();
  const client = useQueryClient();
  const creating = about === null;
  const [title, setTitle] = useState(about?.title ?? '');
  const [description1, setDescription1] = useState(about?.description1 ?? '');
  const [description2, setDescription2] = useState(about?.description2 ?? '');
  const [image1, setImage1] = useState<File[]>([]);
  const [image2, setImage2] = useState<File[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const { state, upload, busy } = useUpload<{ message: string }>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const first = image1[0] ?? null;
    const second = image2[0] ?? null;
    const invalid = validateAbout({ title, description1, description2, image1: first, image2: second });
    if (invalid) {
      setNotice({ tone: 'error', text: invalid });
      return;
    }
    setNotice(null);
    const form = new FormData();
    form.set('title', title.trim());
    form.set('description1', description1.trim());
    form.set('description2', description2.trim());
    if (first) form.set('image1', first);
    if (second) form.set('image2', second);
    const result = await upload({ url: '/api/about', method: 'PUT', form });
    if (!result) return;
    if (!result.ok) {
      setNotice({ tone: 'error', text: `Error updating About Us page: ${result.error.message}` });
      return;
    }
    setNotice({ tone: 'success', text: result.data.message || (creating ? ABOUT_CREATED : ABOUT_UPDATED) });
    setImage1([]);
    setImage2([]);
    await client.invalidateQueries({ queryKey: adminKeys.about });
  };

  return (
    <div className="container admin-slot admin-slot--about">
      <AdminPanel
        title={creating ? 'Create the About Us page' : 'Edit the About Us page'}
        headingId={headingId}
        description={
          creating
            ? 'There is no About Us page yet. Write one and it appears above for every visitor.'
            : 'Changes appear above for every visitor as soon as they are saved.'
        }
      >
        <form className="admin-form" onSubmit={onSubmit} noValidate aria-labelledby={headingId} aria-busy={busy}>
          <fieldset className="admin-form__fieldset" disabled={busy}>
            <TextField label="Title" value={title} onChange={setTitle} required maxLength={200} autoComplete="off" />
            <div className="admin-form__grid">
              <div>
                <TextAreaField label="First description" value={description1} onChange={setDescription1} required rows={6} />
                <FileField
                  label="First image"
                  optional
                  files={image1}
                  onChange={setImage1}
                  current={about?.image1 ? [about.image1] : undefined}
                />
              </div>
              <div>
                <TextAreaField label="Second description" value={description2} onChange={setDescription2} required rows={6} />
                <FileField
                  label="Second image"
                  optional
                  files={image2}
                  onChange={setImage2}
                  current={about?.image2 ? [about.image2] : undefined}
                />
              </div>
            </div>
            <FormNotice notice={notice} />
            {state.status === 'uploading' && <UploadProgress percent={state.percent} format={formatTwoDecimalPercent} />}
            <div className="admin-form__actions">
              <button type="submit" className="btn btn--dark" disabled={busy}>
                {busy ? 'Saving...' : creating ? 'Create About Us' : 'Update About Us'}
              </button>
            </div>
          </fieldset>
        </form>
      </AdminPanel>
    </div>
  );
}
