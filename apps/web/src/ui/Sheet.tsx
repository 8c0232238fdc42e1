import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { cn } from '../lib/cn';

interface SheetProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** 'sheet' slides from the bottom on phones; 'modal' is centred. */
  variant?: 'sheet' | 'modal';
}

/** A modal dialog: traps initial focus, closes on Escape and backdrop click, restores focus. */
export function Sheet({ open, onClose, title, children, variant = 'sheet' }: SheetProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [open, onClose]);
  if (!open) return null;
  return createPortal(
    <div className={cn('fixed inset-0 z-50 flex justify-center', variant === 'sheet' ? 'items-end sm:items-center' : 'items-center p-4')}>
      <div className="absolute inset-0 bg-black/40 backdrop-blur-[2px]" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cn(
          'relative w-full max-w-md bg-surface p-6 shadow-xl outline-none',
          variant === 'sheet' ? 'rounded-t-3xl pb-[max(1.5rem,env(safe-area-inset-bottom))] sm:rounded-3xl' : 'rounded-3xl',
        )}
      >
        {variant === 'sheet' ? <div className="mx-auto -mt-2 mb-4 h-1 w-10 rounded-full bg-line sm:hidden" aria-hidden="true" /> : null}
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-bold tracking-tight">
            {title}
          </h2>
          <button type="button" onClick={onClose} aria-label="Close" className="-m-2 flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2">
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
