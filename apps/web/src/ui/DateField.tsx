import { CalendarDays } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { FieldShell, inputClasses } from './Field';

/**
 * Dates as Nigerians write them: day first, dd/mm/yyyy. A native <input type="date"> shows the
 * browser's locale (often mm/dd/yyyy) and cannot be told otherwise, so this is a text field with a
 * dd/mm/yyyy mask (slashes are added as you type; "5/3/2026", "05.03.2026" and a pasted ISO
 * "2026-03-05" are understood) and a calendar button that opens the browser's own picker.
 * The page gets and gives ISO yyyy-mm-dd ('' while the field is empty or not a whole date).
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 2026-03-05 -> 05/03/2026; anything else -> ''. */
export function isoToDayFirst(iso: string): string {
  const m = ISO.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** A real calendar date (no 31/02), as ISO; null otherwise. */
function toIso(day: number, month: number, year: number): string | null {
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCDate() !== day || d.getUTCMonth() !== month - 1) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 05/03/2026 -> 2026-03-05; null unless it is a whole, real date. */
export function dayFirstToIso(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return m ? toIso(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/**
 * What the field shows for what was typed: digits grouped dd/mm/yyyy. A separator after a single
 * digit pads it ("5/" -> "05/"); a slash is only added once the next part has a digit, so
 * deleting backwards never fights the mask. A pasted ISO date is turned round.
 */
export function maskDayFirst(raw: string): string {
  const iso = ISO.exec(raw.trim());
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const parts = ['', '', ''];
  const size = [2, 2, 4];
  let at = 0;
  let trailing = false;
  for (const ch of raw) {
    if (at > 2) break;
    if (/\d/.test(ch)) {
      trailing = false;
      if (parts[at]!.length === size[at]) {
        if (at === 2) break;
        at++;
      }
      parts[at] += ch;
    } else if (/[/.\-\s]/.test(ch) && at < 2) {
      if (parts[at]!.length === 0) continue;
      if (parts[at]!.length === 1) parts[at] = `0${parts[at]}`;
      at++;
      trailing = true;
    }
  }
  // A part that is full moves on to the next (shown once the next has a digit).
  let out = parts[0]!;
  if (parts[1] || (trailing && at >= 1)) out += `/${parts[1]}`;
  if (parts[2] || (trailing && at >= 2)) out += `/${parts[2]}`;
  return out;
}

interface DateFieldProps {
  label: string;
  /** ISO yyyy-mm-dd, or '' for none. */
  value: string;
  onChange: (iso: string) => void;
  /** ISO yyyy-mm-dd bounds (inclusive). */
  min?: string;
  max?: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
}

export function DateField({ label, value, onChange, min, max, error, hint, id, name, required, disabled }: DateFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const formatId = `${inputId}-format`;
  const [text, setText] = useState(() => isoToDayFirst(value));
  const [touched, setTouched] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  // The page changed the date (a quick range, "Clear filters"): show it.
  useEffect(() => {
    setText((current) => ((dayFirstToIso(current) ?? '') === value ? current : isoToDayFirst(value)));
  }, [value]);

  const typedIso = dayFirstToIso(text);
  let problem: string | undefined;
  if (text && !typedIso && touched) problem = 'Enter the date as dd/mm/yyyy, for example 25/12/2025';
  else if (typedIso && min && typedIso < min) problem = `Choose ${isoToDayFirst(min)} or later`;
  else if (typedIso && max && typedIso > max) problem = `Choose ${isoToDayFirst(max)} or earlier`;
  const shownError = error ?? problem;

  const update = (raw: string) => {
    const next = maskDayFirst(raw);
    setText(next);
    const iso = dayFirstToIso(next) ?? '';
    if (iso !== value) onChange(iso);
    setTouched(false);
  };

  const openPicker = () => {
    const el = picker.current;
    if (!el) return;
    try {
      el.showPicker();
    } catch {
      // No picker in this browser: typing the date works everywhere.
      document.getElementById(inputId)?.focus();
    }
  };

  const describedBy = [shownError ? `${inputId}-error` : hint ? `${inputId}-hint` : null, formatId].filter(Boolean).join(' ');
  return (
    <FieldShell id={inputId} label={label} error={shownError} hint={hint}>
      <div className="relative">
        <input
          id={inputId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd/mm/yyyy"
          maxLength={10}
          value={text}
          required={required}
          disabled={disabled}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => update(e.target.value)}
          onBlur={() => setTouched(true)}
          className={cn(inputClasses(Boolean(shownError)), 'pl-3 pr-10 tabular-nums')}
        />
        <span id={formatId} className="sr-only">
          Day, month, year, like 25/12/2025
        </span>
        <button
          type="button"
          onClick={openPicker}
          disabled={disabled}
          aria-label={`${label}: open a calendar`}
          title="Calendar"
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-2xl text-muted hover:text-fg disabled:opacity-60"
        >
          <CalendarDays className="size-5" aria-hidden="true" />
        </button>
        {/* The browser's own calendar, opened by the button; never shown or focused itself. */}
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          min={min}
          max={max}
          value={typedIso ?? value}
          onChange={(e) => update(e.target.value)}
          className="pointer-events-none absolute right-0 bottom-0 h-px w-px opacity-0"
        />
      </div>
    </FieldShell>
  );
}
