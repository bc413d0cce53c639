import { useState, type ChangeEvent } from 'react';
import { checkImageFile, useObjectUrl } from '@/lib/forms';

/**
 * A picture chosen in a file input: checked when chosen (`checkImageFile`), kept only when it
 * passes, with a preview URL. With `optional`, cancelling the picker is no error.
 */
export function usePhotoChoice({ optional = false }: { optional?: boolean } = {}) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const preview = useObjectUrl(photo);

  /** The input's change handler; returns the picture's problem, if any. */
  const onChange = (event: ChangeEvent<HTMLInputElement>): string | null => {
    const file = event.target.files?.[0] ?? null;
    const issue = optional && !file ? null : checkImageFile(file);
    setImageError(issue);
    setPhoto(issue ? null : file);
    return issue;
  };

  return { photo, imageError, preview, onChange };
}
