import { useId, useRef, useState, type FormEvent } from 'react';
import { PROFILE_FAILED, useUpdateProfile } from '../api/update-profile';
import { Avatar } from '@/components/Avatar';
import { FormError } from '@/components/forms/FormError';
import { FullNameField } from '@/components/forms/PresetFields';
import { SaveCancelButtons } from '@/components/forms/SubmitButton';
import { useFormProblem } from '@/components/forms/useFormProblem';
import { usePhotoChoice } from '@/components/forms/usePhotoChoice';
import { TextField } from '@/components/TextField';
import { serverReason } from '@/lib/api';
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
  // The photo is optional here: cancelling the picker keeps the current one.
  const { photo, imageError, preview, onChange: onPhoto } = usePhotoChoice({ optional: true });
  const { problem, setProblem, errorId, errorIdFor, report } = useFormProblem<'displayName' | 'phone'>();
  const photoId = useId();
  const refs = { displayName: useRef<HTMLInputElement>(null) };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const found = imageError
      ? { message: 'Please resolve the profile image issue before submitting.' }
      : !displayName.trim()
        ? { message: 'Please enter your full name.', field: 'displayName' as const }
        : null;
    if (report(found, refs)) return;
    update.mutate(
      { displayName: displayName.trim(), phoneNumber: phoneNumber.trim(), photo },
      {
        onSuccess: onDone,
        onError: (e) => {
          const reason = serverReason(e);
          setProblem({
            message: reason ?? PROFILE_FAILED,
            field: reason && /phone/i.test(reason) ? 'phone' : undefined,
          });
        },
      },
    );
  };

  return (
    <form className="account-form" onSubmit={onSubmit} noValidate aria-label="Edit profile">
      <FormError id={errorId} message={problem?.message} />
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
      <FullNameField
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
        inputRef={refs.displayName}
        errorId={errorIdFor('displayName')}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        value={user.email}
        disabled
        readOnly
        hint="Your e-mail cannot be changed."
      />
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
        errorId={errorIdFor('phone')}
      />
      <SaveCancelButtons className="account__buttons" pending={update.isPending} onCancel={onCancel} />
    </form>
  );
}
