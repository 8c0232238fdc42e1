import { cn } from '../lib/cn';
import { formatNaira } from '@owo/contracts/format';

/** Shows kobo as naira; `hidden` swaps digits for dots (balance privacy). */
export function MoneyText({
  kobo,
  hidden,
  className,
  sign,
}: {
  kobo: number | bigint;
  hidden?: boolean;
  className?: string;
  sign?: boolean;
}) {
  const text = formatNaira(kobo, { sign });
  return (
    <span className={cn('tabular-nums', className)} aria-label={hidden ? 'Balance hidden' : undefined}>
      {hidden ? '\u20A6 \u2022\u2022\u2022\u2022\u2022' : text}
    </span>
  );
}
