import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { aboutUpload } from '../api/about';
import { ADMIN_FIELD, FileField, TextAreaField } from '../components/Fields';
import { UploadPanel, useUploadForm } from '../components/UploadPanel';
import { formatTwoDecimalPercent } from '../lib/progress';
import { validateAbout } from '../lib/validate';
import { TextField } from '@/components/TextField';
import { queryKeys } from '@/lib/queryKeys';
import type { About, Image } from '@/lib/types';

export const ABOUT_CREATED = 'About Us page created successfully';
export const ABOUT_UPDATED = 'About Us page updated successfully';

/**
 * About Us (admins only), below the page: create mode while no About Us exists, update mode
 * (prefilled) once it does. Pictures are optional; the stored ones stay unless new ones are chosen.
 */
export default function AboutFormSlot({ about }: { about: About | null }) {
  const client = useQueryClient();
  const creating = about === null;
  const [title, setTitle] = useState(about?.title ?? '');
  const [description1, setDescription1] = useState(about?.description1 ?? '');
  const [description2, setDescription2] = useState(about?.description2 ?? '');
  const [image1, setImage1] = useState<File[]>([]);
  const [image2, setImage2] = useState<File[]>([]);
  const upload = useUploadForm<{ message: string }>();

  const onSubmit = async () => {
    const first = image1[0] ?? null;
    const second = image2[0] ?? null;
    const answer = await upload.send({
      invalid: validateAbout({ title, description1, description2, image1: first, image2: second }),
      request: () =>
        aboutUpload({
          title: title.trim(),
          description1: description1.trim(),
          description2: description2.trim(),
          image1: first,
          image2: second,
        }),
      failure: (error) => `Error updating About Us page: ${error.message}`,
    });
    if (!answer) return;
    upload.setNotice({ tone: 'success', text: answer.message || (creating ? ABOUT_CREATED : ABOUT_UPDATED) });
    setImage1([]);
    setImage2([]);
    await client.invalidateQueries({ queryKey: queryKeys.about });
  };

  return (
    <div className="container admin-slot admin-slot--about">
      <UploadPanel
        title={creating ? 'Create the About Us page' : 'Edit the About Us page'}
        description={
          creating
            ? 'There is no About Us page yet. Write one and it appears above for every visitor.'
            : 'Changes appear above for every visitor as soon as they are saved.'
        }
        form={upload}
        onSubmit={onSubmit}
        formatPercent={formatTwoDecimalPercent}
        submitLabel={creating ? 'Create About Us' : 'Update About Us'}
      >
        <TextField
          className={ADMIN_FIELD}
          label="Title"
          value={title}
          onValueChange={setTitle}
          required
          maxLength={200}
          autoComplete="off"
        />
        <div className="admin-form__grid">
          <TextWithImage
            which="First"
            text={description1}
            onText={setDescription1}
            files={image1}
            onFiles={setImage1}
            current={about?.image1}
          />
          <TextWithImage
            which="Second"
            text={description2}
            onText={setDescription2}
            files={image2}
            onFiles={setImage2}
            current={about?.image2}
          />
        </div>
      </UploadPanel>
    </div>
  );
}

type TextWithImageProps = {
  which: 'First' | 'Second';
  text: string;
  onText: (value: string) => void;
  files: File[];
  onFiles: (files: File[]) => void;
  /** The stored picture, if any. */
  current: Image | null | undefined;
};

/** One column of the page: a description and its optional picture. */
function TextWithImage({ which, text, onText, files, onFiles, current }: TextWithImageProps) {
  return (
    <div>
      <TextAreaField label={`${which} description`} value={text} onValueChange={onText} required rows={6} />
      <FileField
        label={`${which} image`}
        optional
        files={files}
        onChange={onFiles}
        current={current ? [current] : undefined}
      />
    </div>
  );
}
