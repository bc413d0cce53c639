import { useEffect, useState } from 'react';

/** The simple e-mail shape of SPEC section 5: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MIN_PASSWORD_LENGTH = 6;

/** Profile pictures: the limit in force and the message agree (the README's reading of SPEC 5). */
export const MAX_IMAGE_BYTES = 10_000_000;

export const IMAGE_MESSAGES = {
  missing: 'Please select a file.',
  notImage: 'Selected file must be an image.',
  tooLarge: 'Image file size must be less than 10MB.',
} as const;

/** Checks a chosen picture: present, an image type, at most 10,000,000 bytes. Null when fine. */
export function checkImageFile(file: File | null | undefined): string | null {
  if (!file) return IMAGE_MESSAGES.missing;
  if (!file.type.startsWith('image/')) return IMAGE_MESSAGES.notImage;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/** A temporary object URL for previewing a chosen file; revoked when the file changes or on unmount. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
