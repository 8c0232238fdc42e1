import { Check } from 'lucide-react';
import { useId } from 'react';
import type { Biller } from '../../api/bills';
import { cn } from '../../lib/cn';
import { InlineError } from '../../ui/InlineError';
import { Skeleton } from '../../ui/Spinner';
import type { BillTypeConfig } from './bill-types';
import { useProviders } from './queries';

/** Brand-ish colours for the providers people recognise by colour; everyone else gets the Owo green. */
const COLOURS: Record<string, string> = {
  mtn: 'bg-[#ffcc00] text-[#1a1a1a]',
  airtel: 'bg-[#e40000] text-white',
  glo: 'bg-[#3aa935] text-white',
  '9mobile': 'bg-[#006e53] text-white',
  dstv: 'bg-[#0a64d6] text-white',
  gotv: 'bg-[#2bb24c] text-white',
  startimes: 'bg-[#f47b20] text-white',
  showmax: 'bg-[#e6007e] text-white',
  bet9ja: 'bg-[#01632f] text-white',
  sportybet: 'bg-[#e41827] text-white',
  betking: 'bg-[#1b3c87] text-white',
  '1xbet': 'bg-[#1a5685] text-white',
  nairabet: 'bg-[#d3a400] text-[#1a1a1a]',
  msport: 'bg-[#f6c343] text-[#1a1a1a]',
  betway: 'bg-[#1a1a1a] text-white',
};

const colourOf = (b: Biller) => COLOURS[b.billerId.replace(/-(airtime|data)$/, '')] ?? 'bg-brand-soft text-brand-fg';

const MARKS: Record<string, string> = { mtn: 'MTN', airtel: 'A', glo: 'glo', '9mobile': '9m', showmax: 'SM', '1xbet': '1X', betway: 'BW' };

/** A short mark for the tile: "IKEDC" for a distribution company, "DStv", "SB" (SportyBet)… */
function monogram(b: Biller): string {
  const known = MARKS[b.billerId.replace(/-(airtime|data)$/, '')];
  if (known) return known;
  if (b.category === 'electricity' || b.shortName.length <= 4) return b.shortName.slice(0, 5);
  const capitals = b.shortName.replace(/[^A-Z0-9]/g, '');
  return capitals.length >= 2 ? capitals.slice(0, 3) : b.shortName.slice(0, 2);
}

export const providerLabel = (type: BillTypeConfig, b: Biller) => (type.providerName === 'shortName' ? b.shortName : b.name);

interface ProviderPickerProps {
  type: BillTypeConfig;
  value: Biller | null;
  onChange: (b: Biller) => void;
  error?: string;
}

/** "Provider": a grid of toggle buttons named by the provider (aria-pressed marks the choice). */
export function ProviderPicker({ type, value, onChange, error }: ProviderPickerProps) {
  const id = useId();
  const providers = useProviders(type.id);
  const many = (providers.data?.length ?? 0) > 4;
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} className="flex flex-col gap-2">
      <p id={`${id}-label`} className="text-sm font-medium text-fg">
        Provider
      </p>
      {providers.isPending ? (
        <div className="grid grid-cols-4 gap-2" aria-busy="true" aria-label="Loading providers">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-[84px] rounded-2xl" />
          ))}
        </div>
      ) : providers.isError ? (
        <InlineError
          error={providers.error}
          fallback="We couldn't load the providers."
          onRetry={() => void providers.refetch()}
          tone="danger"
        />
      ) : providers.data.length === 0 ? (
        <p className="rounded-2xl bg-surface-2 p-4 text-sm text-muted">
          No {type.label.toLowerCase()} providers are available right now. Please check back later.
        </p>
      ) : (
        // Up to four fit in a row; longer lists (discos, betting) scroll sideways so the form stays in view.
        <div
          className={cn(
            many ? '-mx-5 flex snap-x gap-2 overflow-x-auto scroll-px-5 px-5 pb-1 [scrollbar-width:none]' : 'grid grid-cols-4 gap-2',
          )}
        >
          {providers.data.map((b) => {
            const selected = value?.billerId === b.billerId;
            const mark = monogram(b);
            return (
              <button
                key={b.billerId}
                type="button"
                aria-pressed={selected}
                onClick={() => onChange(b)}
                className={cn(
                  many && 'w-[92px] shrink-0 snap-start',
                  'relative flex min-h-[84px] flex-col items-center justify-center gap-1.5 rounded-2xl border px-1.5 py-2.5 text-center transition-colors',
                  selected ? 'border-brand-fg bg-brand-soft/60 ring-2 ring-brand-fg/25' : 'border-line bg-surface hover:bg-surface-2',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-9 items-center justify-center rounded-full font-bold tracking-tight',
                    mark.length > 3 ? 'text-[9px]' : 'text-xs',
                    colourOf(b),
                  )}
                >
                  {mark}
                </span>
                <span className={cn('text-xs leading-tight font-semibold', selected ? 'text-fg' : 'text-fg/90')}>
                  {providerLabel(type, b)}
                </span>
                {selected ? (
                  <span
                    aria-hidden="true"
                    className="absolute top-1.5 right-1.5 flex size-4 items-center justify-center rounded-full bg-brand-600 text-white"
                  >
                    <Check className="size-3" strokeWidth={3} />
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger-fg">
          {error}
        </p>
      ) : null}
    </div>
  );
}
