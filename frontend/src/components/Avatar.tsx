import type { Image } from '@/lib/types';
import './Avatar.css';

type AvatarProps = {
  /** The profile photo in its sizes; null draws the default avatar. */
  photo?: Image | null;
  /** A local preview (object URL) shown instead of `photo`. */
  previewUrl?: string | null;
  /** The person's name, for the alt text. */
  name: string;
  size?: number;
  className?: string;
};

/** A round profile picture, or a default avatar (a drawn silhouette) when there is none. */
export function Avatar({ photo, previewUrl, name, size = 96, className }: AvatarProps) {
  const classes = className ? `avatar ${className}` : 'avatar';
  const style = { width: size, height: size };
  const box = { className: classes, style, width: size, height: size };
  if (previewUrl) return <img {...box} src={previewUrl} alt={`Preview of ${name || 'your'} photo`} />;
  if (photo) {
    return (
      <img
        {...box}
        src={photo.url}
        srcSet={photo.srcset || undefined}
        sizes={photo.srcset ? `${size}px` : undefined}
        alt={name ? `${name}'s profile photo` : 'Profile photo'}
        decoding="async"
      />
    );
  }
  return (
    <svg {...box} className={`${classes} avatar--default`} viewBox="0 0 96 96" role="img" aria-label="Default avatar">
      <circle cx="48" cy="48" r="48" fill="#f1ebe1" />
      <circle cx="48" cy="38" r="17" fill="#d6cdbf" />
      <path d="M16 84c5-17 18-26 32-26s27 9 32 26a48 48 0 0 1-64 0z" fill="#d6cdbf" />
    </svg>
  );
}
