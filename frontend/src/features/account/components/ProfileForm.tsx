import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { PROFILE_FAILED, useUpdateProfile } from '../api/update-profile';
import { Avatar } from '@/components/Avatar';
import { TextField } from '@/components/TextField';
import { serverReason } from '@/lib/api';
import { checkImageFile, useObjectUrl } from '@/lib/forms';
import type { SessionUser } from '@/lib/types';

type ProfileFormProps = { user: SessionUser; onDone: () => void; onCancel: () => void };

/**
 * Edit mode of the account page: display name, phone and photo (with a preview). The e-mail is
 * shown but cannot change. The draft lives here only, so Cancel simply drops it.
 */
export function ProfileForm({ user, onDone, onCancel }: ProfileFormProps) {
  const update = useUpdateProfile();
  const [displayName, setDisplayName] = useState(user.displayName);
  const [phoneNumber, setPhoneNumber] = useState(user.phoneNumber ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; field?: 'displayName' | 'phone' } | null>(null);
  const preview = useObjectUrl(photo);
  const errorId = useId();
  const photoId = useId();
  const nameRef = useRef<HTMLInputElement>(null);

  const onPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // The photo is optional here: cancelling the picker keeps the current one.
    const issue = file ? checkImageFile(file) : null;
    setImageError(issue);
    setPhoto(issue ? null : file);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    if (imageError) {
      setError({ message: 'Please resolve the profile image issue before submitting.' });
      return;
    }
    if (!displayName.trim()) {
      setError({ message: 'Please enter your full name.', field: 'displayName' });
      nameRef.current?.focus();
      return;
    }
    setError(null);
    update.mutate(
      { displayName: displayName.trim(), phoneNumber: phoneNumber.trim(), photo },
      {
        onSuccess: onDone,
        onError: (e) => {
          const reason = serverReason(e);
          setError({
            message: reason ? `${PROFILE_FAILED} ${reason}` : PROFILE_FAILED,
            field: reason && /phone/i.test(reason) ? 'phone' : undefined,
          });
        },
      },
    );
  };

  return (
    <form className="account-form" onSubmit={onSubmit} noValidate aria-label="Edit profile">
      {error && (
        <p id={errorId} className="alert alert--error" role="alert">
          {error.message}
        </p>
      )}
      <div className="field">
        <span className="field__label" id={`${photoId}-label`}>
          Profile photo
        </span>
        <div className="account-form__photo">
          <Avatar photo={user.photoURL} previewUrl={preview} name={displayName} size={88} />
          <div>
            <label htmlFor={photoId} className="visually-hidden">
              Change profile photo
            </label>
            <input
              id={photoId}
              className="file-input"
              type="file"
              name="photo"
              accept="image/*"
              onChange={onPhoto}
              aria-invalid={imageError ? true : undefined}
              aria-describedby={imageError ? `${photoId}-error` : `${photoId}-hint`}
            />
            {imageError ? (
              <p id={`${photoId}-error`} className="field__error" role="alert">
                {imageError}
              </p>
            ) : (
              <p id={`${photoId}-hint`} className="field__hint">
                Optional. Any image up to 10MB.
              </p>
            )}
          </div>
        </div>
      </div>
      <TextField
        label="Full name"
        name="displayName"
        autoComplete="name"
        required
        maxLength={100}
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
        inputRef={nameRef}
        errorId={error?.field === 'displayName' ? errorId : undefined}
      />
      <TextField label="Email" name="email" type="email" value={user.email} disabled readOnly hint="Your e-mail cannot be changed." />
      <TextField
        label="Phone"
        name="phoneNumber"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={32}
        placeholder="+234 800 000 0000"
        value={phoneNumber}
        onChange={(e) => setPhoneNumber(e.target.value)}
        errorId={error?.field === 'phone' ? errorId : undefined}
      />
      <div className="account__buttons">
        <button type="submit" className="btn btn--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="btn btn--outline" onClick={onCancel} disabled={update.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
