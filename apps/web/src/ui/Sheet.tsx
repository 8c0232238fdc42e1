import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { cn } from '../lib/cn';
import { useRegisterOverlay } from './overlay-state';

interface SheetProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** 'sheet' slides from the bottom on phones; 'modal' is centred. */
  variant?: 'sheet' | 'modal';
  /** Actions kept in view under the body (which scrolls when it is taller than the screen). */
  footer?: ReactNode;
}

/**
 * A modal dialog: traps initial focus, closes on Escape and backdrop click, restores focus.
 * Never taller than the screen less a strip at the top (where toasts go while it is open): the
 * title stays put, the body scrolls, and a `footer` stays in view above the safe area.
 */
export function Sheet({ open, onClose, title, children, variant = 'sheet', footer }: SheetProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useRegisterOverlay('sheets', open);
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
          'relative flex max-h-[calc(100dvh-5rem)] w-full max-w-md flex-col bg-surface shadow-xl outline-none',
          variant === 'sheet' ? 'rounded-t-3xl sm:rounded-3xl' : 'rounded-3xl',
        )}
      >
        <div className="shrink-0 px-6 pt-6">
          {variant === 'sheet' ? <div className="mx-auto -mt-2 mb-4 h-1 w-10 rounded-full bg-line sm:hidden" aria-hidden="true" /> : null}
          <div className="mb-3 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-bold tracking-tight">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="-m-2 flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
        </div>
        <div
          className={cn(
            'min-h-0 flex-1 overflow-y-auto overscroll-contain px-6 pt-1',
            footer ? 'pb-2' : variant === 'sheet' ? 'pb-[max(1.5rem,env(safe-area-inset-bottom))]' : 'pb-6',
          )}
        >
          {children}
        </div>
        {footer ? (
          <div
            className={cn(
              'shrink-0 border-t border-line px-6 pt-4',
              variant === 'sheet' ? 'pb-[max(1.5rem,env(safe-area-inset-bottom))]' : 'pb-6',
            )}
          >
            {footer}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
