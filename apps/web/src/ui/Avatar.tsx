import { cn } from '../lib/cn';
import { initials } from '../lib/greeting';

interface AvatarProps {
  src?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  alt?: string;
  className?: string;
}

const sizes = { sm: 'size-10 text-sm', md: 'size-12 text-base', lg: 'size-16 text-xl', xl: 'size-24 text-3xl' };

/** Photo when there is one, else initials on brand colour. Decorative unless alt is given. */
export function Avatar({ src, firstName, lastName, size = 'md', alt, className }: AvatarProps) {
  const cls = cn('shrink-0 rounded-full object-cover', sizes[size], className);
  if (src) return <img src={src} alt={alt ?? ''} className={cls} />;
  return (
    <span
      className={cn(cls, 'inline-flex items-center justify-center bg-brand-soft font-bold text-brand-fg')}
      role={alt ? 'img' : undefined}
      aria-label={alt ? `${alt}: initials ${initials(firstName, lastName)}` : undefined}
      aria-hidden={alt ? undefined : true}
    >
      {initials(firstName, lastName)}
    </span>
  );
}
