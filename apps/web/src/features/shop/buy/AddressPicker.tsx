import type { Address } from '../../../api/shop-orders';
import { cn } from '../../../lib/cn';
import { Badge } from '../../../ui/Badge';

const addressLine = (a: Pick<Address, 'street' | 'lga' | 'state'>) => `${a.street}, ${a.lga.name}, ${a.state.name}`;

/** The person's saved addresses as radio cards, the chosen one ringed. */
export function AddressPicker({
  addresses,
  value,
  onChange,
}: {
  addresses: Address[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  return (
    <div role="radiogroup" aria-label="Delivery address" className="flex flex-col gap-2">
      {addresses.map((a) => {
        const on = a.id === value;
        return (
          <label
            key={a.id}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-2xl border bg-surface p-4 transition-colors',
              on ? 'border-brand-600 ring-2 ring-brand-600/20' : 'border-line hover:bg-surface-2',
            )}
          >
            <input
              type="radio"
              name="address"
              value={a.id}
              checked={on}
              onChange={() => onChange(a.id)}
              className="mt-1 size-5 shrink-0 accent-brand-600"
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="flex items-center gap-2 font-semibold">
                {a.label}
                {a.isDefault ? <Badge tone="neutral">Default</Badge> : null}
              </span>
              <span className="text-sm text-muted">{addressLine(a)}</span>
              {a.landmark ? <span className="text-sm text-muted">Landmark: {a.landmark}</span> : null}
              <span className="text-sm text-muted">{a.phone}</span>
            </span>
          </label>
        );
      })}
    </div>
  );
}
