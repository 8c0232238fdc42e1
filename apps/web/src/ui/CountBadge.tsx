import { cn } from '../lib/cn';

const SIZES = {
  md: 'top-0.5 right-0 h-5 min-w-5',
  sm: 'top-1 right-0.5 h-[18px] min-w-[18px]',
};

/**
 * The small red count on an icon (cart items, unread notices, invites). Hidden from screen readers:
 * the icon's own label says the number. Nothing shows for zero.
 */
export function CountBadge({ count, max = 99, size = 'md' }: { count: number; max?: number; size?: keyof typeof SIZES }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'absolute flex items-center justify-center rounded-full bg-[#c2312d] px-1 text-[11px] leading-none font-bold text-white tabular-nums ring-2 ring-canvas',
        SIZES[size],
      )}
    >
      {count > max ? `${max}+` : count}
    </span>
  );
}
