import { useId, type ChangeEvent } from 'react';
import { useUpload } from '../../lib/useUpload';
import { Field, FieldAlert, fieldHintId } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import type { Image } from '@/lib/types';

/** The server's answer to a home page picture: its key (what the section keeps) and the picture. */
export type StoredPicture = { key: string; image: Image };

type PictureFieldProps = {
  label: string;
  /** The picture the section shows now. */
  image: Image | undefined;
  onStored: (picture: StoredPicture) => void;
};

/** Uploads a picture for a slide or a banner (PUT /api/admin/home/picture) and shows it. */
export function PictureField({ label, image, onStored }: PictureFieldProps) {
  const id = useId();
  const upload = useUpload<StoredPicture>();
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const form = new FormData();
    form.append('picture', file);
    const result = await upload.upload({ url: '/api/admin/home/picture', method: 'PUT', form });
    if (result?.ok) onStored(result.data);
  };
  const state = upload.state;
  return (
    <Field id={id} label={label} hint="PNG, JPEG or WebP, at most 10 MB; wide pictures suit best.">
      <div className="home-picture">
        {image ? (
          <img className="home-picture__thumb" src={image.url} alt="" width={160} height={90} />
        ) : (
          <span className="home-picture__none">No picture yet</span>
        )}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(e) => void onFile(e)}
          disabled={state.status === 'uploading'}
          aria-describedby={fieldHintId(id)}
        />
      </div>
      {state.status === 'uploading' && <p className="muted">Uploading… {state.percent}%</p>}
      <FieldAlert
        message={
          state.status === 'error'
            ? failureMessage(state.error, 'Could not upload the picture. Please try again.')
            : null
        }
      />
    </Field>
  );
}
