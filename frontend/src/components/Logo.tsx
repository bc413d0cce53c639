import { SHOP_LOGO, SHOP_NAME } from '@/lib/site';

type LogoProps = { className?: string; size?: number };

/**
 * The brand mark: a gold "A" cut from an Ankara-print diamond (the favicon's shape), drawn inline so
 * it costs no request. Decorative: the wordmark beside it carries the name.
 */
export function LogoMark({ className, size = 30 }: LogoProps) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect x="5.86" y="5.86" width="28.28" height="28.28" rx="5" transform="rotate(45 20 20)" fill="#f2a541" />
      <rect
        x="9.4"
        y="9.4"
        width="21.2"
        height="21.2"
        rx="3"
        transform="rotate(45 20 20)"
        fill="none"
        stroke="#1b1f3b"
        strokeWidth="1.4"
        strokeDasharray="2.2 2"
      />
      <path d="M20 10.5 27.2 29h-3.6l-1.5-4.1h-4.3L16.3 29h-3.5L20 10.5Zm0 6.4-1.4 5.1h2.8L20 16.9Z" fill="#1b1f3b" />
    </svg>
  );
}

/**
 * Mark plus wordmark, as the header, the sidebar and the footer show it: the shop's own logo when
 * it has one (from the picture pipeline, its smallest copy), otherwise the demo's drawn mark.
 */
export function Logo({ className, size = 30 }: LogoProps) {
  const logo = SHOP_LOGO;
  const width = logo && Math.round((size * logo.width) / Math.max(1, logo.height));
  return (
    <span className={className ? `logo ${className}` : 'logo'}>
      {logo ? (
        <img
          className="logo__img"
          src={logo.url}
          srcSet={logo.webpSrcset || logo.srcset}
          sizes={`${width}px`}
          alt=""
          height={size}
          width={width ?? undefined}
        />
      ) : (
        <LogoMark className="logo__mark" size={size} />
      )}
      <span className="logo__word">{SHOP_NAME}</span>
    </span>
  );
}
