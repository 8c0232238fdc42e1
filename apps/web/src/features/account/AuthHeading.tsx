import type { ReactNode } from 'react';

export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-7">
      <h1 className="text-display text-fg">{title}</h1>
      {children ? <p className="mt-2 text-[15px] leading-relaxed text-muted">{children}</p> : null}
    </div>
  );
}
